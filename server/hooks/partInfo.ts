// 配件主档 needs a hook for what its JSON cannot say: the unit is one of the catalogue's units, the series named are
// the brand's series, 启用 is '1' or '0', the part number has the catalogue's shape, and the list's keyword finds a part
// by number or name at once (the pickers of the in-, out- and allocation orders ask that way).
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { PartInfoRecord } from './modelRecords';
import { SERIES } from '../seed/catalogue';
import { containing } from '../data/likePatterns';

/** The units a part is counted in (domain.md §3: 个/套/升/对, and the catalogue's others). */
export const PART_UNITS = ['个', '套', '升', '对', '只', '条', '桶', '瓶', '块', '根', '张', '片', '米', '把'] as const;
const UNITS = new Set<string>(PART_UNITS);
const SERIES_NAMES = new Set(SERIES.map((s) => s.seriesName));
/** HS-3501010-A3: the brand, a group and part code, the series (TY: every series). */
const PART_NO = /^[A-Z0-9][A-Z0-9-]{2,29}$/;

export const PART_INFO_TEXT = {
  partNo: '配件编号只能由大写字母、数字和-组成（3到30位）',
  unit: (unit: string) => `单位不正确：${unit}（可选：${PART_UNITS.join('、')}）`,
  series: (name: string) => `适用车系不存在：${name}`,
} as const;

export const partInfoHooks: ModelHooks<PartInfoRecord> = {
  filter({ params }, alias) {
    const keyword = typeof params.keyword === 'string' ? params.keyword.trim() : '';
    if (keyword === '') return [];
    return [sql<boolean>`(${sql.ref(`${alias}.partNo`)} ilike ${containing(keyword)} or ${sql.ref(`${alias}.partName`)} like ${containing(keyword)})`];
  },

  options: {
    enabled: [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ],
    series: SERIES.map((s) => ({ value: s.seriesName, text: s.seriesName })),
  },

  beforeWrite(_context, { values, problems, prefix }) {
    values.enabled = values.enabled === '0' ? '0' : '1';
    if (values.partNo !== undefined && !PART_NO.test(String(values.partNo))) problems.push(`${prefix}${PART_INFO_TEXT.partNo}`);
    if (values.unit !== undefined && !UNITS.has(String(values.unit))) problems.push(`${prefix}${PART_INFO_TEXT.unit(String(values.unit))}`);
    for (const name of (values.series as string[] | null | undefined) ?? []) if (!SERIES_NAMES.has(name)) problems.push(`${prefix}${PART_INFO_TEXT.series(name)}`);
  },
};
