// 工时项目 needs a hook: the list's keyword (code or name at once), the standard-labour lookup, and the rules of the table's save the JSON cannot say (code pattern, series names, 启用 as 1/0, rows named by code, codes unique per dealer once earlier rows are saved).
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { LabourItemRecord } from './modelRecords';
import { SERIES } from '../seed/catalogue';
import { containing } from '../data/likePatterns';

const LABOUR_CODE = /^[A-Z0-9-]{2,20}$/;
const SERIES_NAMES = new Set(SERIES.map((s) => s.seriesName));
/** The order a row's problems are told in (a label that begins another comes after it). */
const ORDER = ['工时代码', '工时名称', '维修类型', '标准工时代码', '标准工时', '工时单价', '适用车系', '启用', '生效日期', '备注'];

const codeOf = (row: Record<string, unknown>) => String(row.labourCode ?? '').trim().toUpperCase();

export const labourItemHooks: ModelHooks<LabourItemRecord> = {
  filter({ params }, alias) {
    const keyword = typeof params.keyword === 'string' ? params.keyword : '';
    if (keyword === '') return [];
    return [sql<boolean>`(${sql.ref(`${alias}.labourCode`)} ilike ${containing(keyword)} or ${sql.ref(`${alias}.labourName`)} like ${containing(keyword)})`];
  },

  ties: (alias) => [sql.ref(`${alias}.ownerCode`)],

  rowName: (row) => `工时代码 ${codeOf(row) || '（空）'}`,

  options: {
    enabled: [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ],
    series: SERIES.map((s) => ({ value: s.seriesName, text: s.seriesName })),
  },

  importField(_db, { header, field }) {
    if (field !== 'labourCode') return undefined;
    return { header, field, type: 'text', required: true, unique: true, pattern: LABOUR_CODE, patternMessage: '工时代码须为2到20位大写字母、数字或-' };
  },

  async beforeWrite({ db, user }, { values, current, problems, prefix, via }) {
    values.enabled = values.enabled === '0' ? '0' : '1';
    const code = String(values.labourCode ?? '');
    if (!LABOUR_CODE.test(code)) problems.push(`${prefix}工时代码格式不正确`);
    for (const name of (values.series as string[] | null) ?? []) if (!SERIES_NAMES.has(name)) problems.push(`${prefix}适用车系不存在：${name}`);
    const rank = (problem: string) => {
      const text = problem.startsWith(prefix) ? problem.slice(prefix.length) : problem;
      const at = ORDER.map((label, i) => [label, i] as const).filter(([label]) => text.startsWith(label));
      return at.length > 0 ? at.reduce((a, b) => (b[0].length > a[0].length ? b : a))[1] : ORDER.length;
    };
    problems.sort((a, b) => rank(a) - rank(b));
    // An import's codes are checked against the stored ones for the whole file at once.
    if (via !== 'import' && LABOUR_CODE.test(code)) {
      const clash = await db
        .selectFrom('labourItems')
        .select('id')
        .where('ownerCode', '=', String(current?.ownerCode ?? user.ownerCode ?? ''))
        .where('labourCode', '=', code)
        .where('id', '!=', Number(current?.id ?? 0))
        .executeTakeFirst();
      if (clash) problems.push(`工时代码重复：${code}`);
    }
  },

  calls: {
    /** The search helper of the labour code column: the manufacturer's standard labours matching the typed text. */
    async standardLabours({ db }, { query }) {
      const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
      if (keyword === '') throw new ApiError('invalidInput', '查询文字不能为空');
      if ([...keyword].length > 50) throw new ApiError('invalidInput', '查询文字不能超过50个字');
      const limit = query.limit === undefined || query.limit === '' ? 20 : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw new ApiError('invalidInput', '条数应为1到50的整数');
      return db
        .selectFrom('standardLabours')
        .select(['code', 'name', 'repairTypeCode', 'stdHours'])
        .where((eb) => eb.or([eb('code', 'ilike', containing(keyword)), eb('name', 'like', containing(keyword))]))
        .orderBy('sort')
        .limit(limit)
        .execute();
    },
  },
};
