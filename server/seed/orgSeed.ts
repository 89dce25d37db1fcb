// The organisation area's demo (domain.md §6 Demo): a legal entity for every dealer, named as the dealer is, and for
// each dealer group, the dealer companies owned by their group's company; one or two city showrooms, secondary dealers
// or other channels per dealer, in every state a channel goes through. Written into the models' tables in multi-row
// inserts, as the parts seed writes its catalogue.
import type { Kysely } from 'kysely';
import { creditCodeCheckChar } from '../../schemas/formats/formats';
import type { Database } from '../db/schema';
import type { LoadedModel } from '../models/modelCatalogue';
import { COMPANY_TYPE, DEALERS, GROUPS } from './catalogue';
import { insertModelRows } from './modelRows';

export interface OrgSeedSummary {
  company: number;
  channel: number;
}

const modelNamed = (models: readonly LoadedModel[], name: string) => models.find((m) => m.model.name === name);

/** The administrative division each seeded legal entity is registered in (the 6 digits after 91 of its credit code). */
const DIVISIONS: Record<string, string> = {
  D11001: '110112',
  D12001: '120116',
  D31001: '310115',
  D32001: '320115',
  D44001: '440106',
  D44003: '440305',
  D43001: '430121',
  G01: '110105',
  G02: '440104',
};

const BANKS: Record<string, string> = {
  D11001: '中国工商银行北京通州支行',
  D12001: '中国建设银行天津滨海新区分行',
  D31001: '招商银行上海浦东分行',
  D32001: '中国银行南京江宁支行',
  D44001: '中国工商银行广州天河支行',
  D44003: '平安银行深圳南山支行',
  D43001: '中国农业银行长沙星沙支行',
  G01: '中国工商银行北京朝阳支行',
  G02: '招商银行广州分行',
};

const LEGAL_PERSONS = ['王建国', '李志强', '张海燕', '刘国强', '陈晓东', '杨振华', '赵立新', '周建华', '吴永强'];

const ADDRESSES: Record<string, string> = {
  D11001: '北京市通州区新华西街58号',
  D12001: '天津市滨海新区迎宾大道1988号',
  D31001: '上海市浦东新区川沙路3388号',
  D32001: '南京市江宁区将军大道66号',
  D44001: '广州市天河区黄埔大道西668号',
  D44003: '深圳市南山区科技园路18号',
  D43001: '长沙市长沙县星沙大道128号',
  G01: '北京市朝阳区建国路89号',
  G02: '广州市越秀区中山路200号',
};

const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid unified social credit code (GB 32100): 91 (an enterprise), the division, an organisation code, the check. */
export function demoCreditCode(division: string, seq: number): string {
  let body = '';
  for (let n = seq * 7919 + 104729, i = 0; i < 10; i++, n = Math.floor(n / 31) + (i + 1) * 977) body += CODE_CHARS[n % 31];
  const first17 = `91${division}${body}`.slice(0, 17);
  return first17 + creditCodeCheckChar(first17);
}

const CHANNEL = { showroom: '85011002', secondary: '85011003', delivery: '85011004', service: '85011005' } as const;
const STATUS = { building: '85021001', open: '85021002', suspended: '85021003' } as const;
const SCOPE = { sales: '85031001', afterSales: '85031002', delivery: '85031003' } as const;

interface ChannelSeed {
  ownerCode: string;
  channelName: string;
  channelType: string;
  businessScope: string[];
  provinceCode: string;
  cityCode: string;
  address: string;
  status: string;
  /** Days before the anchor the channel opened; none while it is being set up. */
  openedDaysAgo?: number;
}

/** 1–2 channels per dealer (D11001 通州城市展厅…), one suspended and one being set up. */
export const DEMO_CHANNELS: ChannelSeed[] = [
  { ownerCode: 'D11001', channelName: '北京华晟京通通州城市展厅', channelType: CHANNEL.showroom, businessScope: [SCOPE.sales], provinceCode: '110000', cityCode: '110100', address: '北京市通州区万达广场B1层', status: STATUS.open, openedDaysAgo: 420 },
  { ownerCode: 'D11001', channelName: '北京华晟京通顺义二网', channelType: CHANNEL.secondary, businessScope: [SCOPE.sales, SCOPE.afterSales], provinceCode: '110000', cityCode: '110100', address: '北京市顺义区顺平路26号', status: STATUS.open, openedDaysAgo: 300 },
  { ownerCode: 'D12001', channelName: '天津华晟津港滨海城市展厅', channelType: CHANNEL.showroom, businessScope: [SCOPE.sales], provinceCode: '120000', cityCode: '120100', address: '天津市滨海新区于家堡金融区3号', status: STATUS.open, openedDaysAgo: 380 },
  { ownerCode: 'D31001', channelName: '上海华晟浦东闵行城市展厅', channelType: CHANNEL.showroom, businessScope: [SCOPE.sales], provinceCode: '310000', cityCode: '310100', address: '上海市闵行区七莘路1888号', status: STATUS.open, openedDaysAgo: 500 },
  { ownerCode: 'D31001', channelName: '上海华晟浦东交付中心', channelType: CHANNEL.delivery, businessScope: [SCOPE.delivery], provinceCode: '310000', cityCode: '310100', address: '上海市浦东新区申江路5005号', status: STATUS.open, openedDaysAgo: 200 },
  { ownerCode: 'D32001', channelName: '南京华晟宁发江宁二网', channelType: CHANNEL.secondary, businessScope: [SCOPE.sales], provinceCode: '320000', cityCode: '320100', address: '南京市江宁区双龙大道1118号', status: STATUS.suspended, openedDaysAgo: 640 },
  { ownerCode: 'D44001', channelName: '广州华晟天河番禺城市展厅', channelType: CHANNEL.showroom, businessScope: [SCOPE.sales], provinceCode: '440000', cityCode: '440100', address: '广州市番禺区市桥街光明北路288号', status: STATUS.open, openedDaysAgo: 350 },
  { ownerCode: 'D44001', channelName: '广州华晟天河花都授权服务站', channelType: CHANNEL.service, businessScope: [SCOPE.afterSales], provinceCode: '440000', cityCode: '440100', address: '广州市花都区迎宾大道168号', status: STATUS.open, openedDaysAgo: 260 },
  { ownerCode: 'D44003', channelName: '深圳华晟南山宝安城市展厅', channelType: CHANNEL.showroom, businessScope: [SCOPE.sales], provinceCode: '440000', cityCode: '440300', address: '深圳市宝安区新安街道创业一路8号', status: STATUS.building },
  { ownerCode: 'D43001', channelName: '长沙华晟星沙岳麓二网', channelType: CHANNEL.secondary, businessScope: [SCOPE.sales, SCOPE.afterSales], provinceCode: '430000', cityCode: '430100', address: '长沙市岳麓区麓谷大道627号', status: STATUS.open, openedDaysAgo: 450 },
];

const dayBefore = (anchor: string, days: number) => new Date(Date.parse(`${anchor}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Seeds companies and channels on a fresh database; a model not served (a test's own subset) is skipped. */
export async function seedOrganisation(db: Kysely<Database>, models: readonly LoadedModel[], anchorDate: string): Promise<OrgSeedSummary> {
  const company = modelNamed(models, 'company');
  const channel = modelNamed(models, 'channel');
  const orgs = await db.selectFrom('organizations').select(['id', 'orgCode', 'orgName']).execute();
  const orgId = new Map(orgs.map((o) => [o.orgCode, Number(o.id)]));
  const admin = await db.selectFrom('users').select('id').where('userCode', '=', 'admin').executeTakeFirst();
  const createdAt = new Date(`${dayBefore(anchorDate, 730)}T09:00:00+08:00`);
  const stamp = { createdAt, updatedAt: createdAt, createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };
  const summary: OrgSeedSummary = { company: 0, channel: 0 };

  if (company) {
    const entity = (orgCode: string, name: string, companyType: string, seq: number) => ({
      companyCode: `C${orgCode}`,
      companyNameCn: name,
      shortName: name.replace(/(汽车销售服务|汽车服务集团)?有限公司$/, ''),
      creditCode: demoCreditCode(DIVISIONS[orgCode]!, seq),
      legalPerson: LEGAL_PERSONS[seq % LEGAL_PERSONS.length]!,
      registeredCapital: companyType === COMPANY_TYPE.group ? '100000000.00' : `${(20 + seq * 5) * 1_000_000}.00`,
      taxpayerType: '85041001',
      bankName: BANKS[orgCode]!,
      bankAccount: `62${String(1_000_000_000_000_000n + BigInt(seq) * 7_777_777_777_777n).slice(0, 17)}`,
      address: ADDRESSES[orgCode]!,
      companyType,
      orgId: orgId.get(orgCode)!,
      remark: null,
    });
    const groupIds = await insertModelRows(
      db,
      company,
      GROUPS.map((g, i) => ({ values: { ...entity(g.orgCode, g.orgName, COMPANY_TYPE.group, i), groupCompanyId: null, ...stamp } })),
    );
    const groupCompany = new Map(GROUPS.map((g, i) => [g.orgCode as string, groupIds[i]!]));
    await insertModelRows(
      db,
      company,
      DEALERS.map((d, i) => ({
        values: { ...entity(d.orgCode, d.orgName, COMPANY_TYPE.dealer, GROUPS.length + i), groupCompanyId: d.group ? groupCompany.get(d.group)! : null, ...stamp },
      })),
    );
    summary.company = GROUPS.length + DEALERS.length;
  }

  if (channel) {
    const numbers = new Map<string, number>();
    await insertModelRows(
      db,
      channel,
      DEMO_CHANNELS.map(({ openedDaysAgo, ...c }) => {
        const n = (numbers.get(c.ownerCode) ?? 0) + 1;
        numbers.set(c.ownerCode, n);
        return { values: { ...c, channelCode: `${c.ownerCode}-C${String(n).padStart(2, '0')}`, openedAt: openedDaysAgo === undefined ? null : dayBefore(anchorDate, openedDaysAgo), remark: null, ...stamp } };
      }),
    );
    summary.channel = DEMO_CHANNELS.length;
  }
  return summary;
}
