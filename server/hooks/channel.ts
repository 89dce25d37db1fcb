// 渠道 needs a hook for what its JSON cannot say: only the manufacturer's own organisation sets up, opens and closes a
// dealer's channels; its province and city are a path of the region tree (and its name is shown beside the code); and the pickers
// (GET channel/channelOptions) offer only channels 营业 within the user's scope, so a channel 停业 or 撤销 leaves every
// picker while the records that name it keep showing it.
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { withAppShellTables } from '../db/appShellTables';
import { isRegionPath } from '../data/regions';
import type { ChannelRecord } from './modelRecords';
import { refuseUnlessManufacturer } from './organization';

export const CHANNEL_OPEN = '85021002';
/** A picker's list: more than any dealer has channels. */
const OPTIONS_LIMIT = 500;

export const CHANNEL_TEXT = {
  manufacturerOnly: '渠道只能由厂端维护',
  code: '渠道编码只能由大写字母、数字和-组成（3到32位）',
  city: (path: string) => `所在城市不存在：${path}`,
} as const;

const CHANNEL_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

export interface ChannelOption {
  value: string;
  text: string;
  channelType: string;
  ownerCode: string;
}

export const channelHooks: ModelHooks<ChannelRecord> = {
  async beforeWrite({ db, user }, { op, values, problems, prefix }) {
    refuseUnlessManufacturer(user, CHANNEL_TEXT.manufacturerOnly);
    if (op === 'create' && !CHANNEL_CODE.test(String(values.channelCode ?? ''))) problems.push(`${prefix}${CHANNEL_TEXT.code}`);
    const path = [values.provinceCode, values.cityCode].filter((code): code is string => typeof code === 'string' && code !== '');
    if (path.length > 0 && !(await isRegionPath(db, path))) problems.push(`${prefix}${CHANNEL_TEXT.city(path.join('/'))}`);
  },

  async beforeTransition({ user }) {
    refuseUnlessManufacturer(user, CHANNEL_TEXT.manufacturerOnly);
  },

  async decorate(db, rows) {
    const codes = [...new Set(rows.map((r) => r.cityCode).filter((c): c is string => typeof c === 'string' && c !== ''))];
    if (codes.length === 0) return;
    const cities = await withAppShellTables(db).selectFrom('regions').select(['regionCode', 'regionName']).where('regionCode', 'in', codes).execute();
    const names = new Map(cities.map((c) => [c.regionCode, c.regionName]));
    for (const row of rows as RecordValues[]) row.cityName = typeof row.cityCode === 'string' ? (names.get(row.cityCode) ?? null) : null;
  },

  calls: {
    async channelOptions(_context, { query, reads }) {
      const params: RecordValues = { status: [CHANNEL_OPEN] };
      if (query.channelType !== undefined) params.channelType = query.channelType;
      if (query.ownerCode !== undefined) params.ownerCode = query.ownerCode;
      const page = await reads.list({ page: 1, pageSize: OPTIONS_LIMIT, sort: 'channelCode|asc', params });
      return page.items.map((c): ChannelOption => ({ value: String(c.channelCode), text: String(c.channelName), channelType: String(c.channelType), ownerCode: String(c.ownerCode) }));
    },
  },
};
