// 车辆物料 needs a hook for what its JSON cannot say: only the manufacturer's own organisation edits the catalogue and
// its prices (a region is on the manufacturer side of the network but sets no prices); a material hangs under a
// material of the level above (a brand under none); only a configuration has a guide price, and it must have one; and
// the list shows each material's path in the tree (华晟 / 华晟 A3 / 1.5L 手动舒适版), which takes the whole tree.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import type { MaterialRecord } from './modelRecords';
import { refuseUnlessManufacturer } from './organization';

export const CONFIGURATION_LEVEL = 4;
const LEVEL_NAMES = ['', '品牌', '车系', '车型', '配置', '颜色'] as const;

export const MATERIAL_TEXT = {
  manufacturerOnly: '车辆物料与价格只能由厂端维护',
  code: '物料编码只能由大写字母、数字和-组成（2到40位）',
  brandHasNoParent: '品牌没有上级物料',
  parentOf: (level: number) => `${LEVEL_NAMES[level]}的上级物料应为${LEVEL_NAMES[level - 1]}`,
  guidePriceRequired: '配置应填写厂商指导价',
  guidePriceOnlyConfiguration: '只有配置有厂商指导价',
} as const;

const MATERIAL_CODE = /^[A-Z0-9][A-Z0-9-]{1,39}$/;

export const ENABLED_OPTIONS = [
  { value: '1', text: '启用' },
  { value: '0', text: '停用' },
];

/** Each material's path of names from its brand down (one read of the whole tree, a few hundred rows). */
export async function materialPaths(db: Kysely<Database>): Promise<(id: number) => string> {
  const rows = await db.selectFrom('materials').select(['id', 'parentId', 'materialNameZh']).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return (id) => {
    const names: string[] = [];
    for (let row = byId.get(id); row; row = row.parentId === null ? undefined : byId.get(Number(row.parentId))) names.unshift(row.materialNameZh);
    return names.join(' / ');
  };
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

export const materialHooks: ModelHooks<MaterialRecord> = {
  options: { enabled: ENABLED_OPTIONS },

  async beforeWrite({ db, user }, { op, values, problems, prefix }) {
    refuseUnlessManufacturer(user, MATERIAL_TEXT.manufacturerOnly);
    values.enabled = values.enabled === '0' ? '0' : '1';
    const level = Number(values.level);
    if (op === 'create' && !MATERIAL_CODE.test(String(values.materialCode ?? ''))) problems.push(`${prefix}${MATERIAL_TEXT.code}`);
    if (op === 'create') {
      if (level === 1 && !blank(values.parentId)) problems.push(`${prefix}${MATERIAL_TEXT.brandHasNoParent}`);
      if (level > 1) {
        const parent = blank(values.parentId) ? undefined : await db.selectFrom('materials').select('level').where('id', '=', Number(values.parentId)).executeTakeFirst();
        if (!parent || Number(parent.level) !== level - 1) problems.push(`${prefix}${MATERIAL_TEXT.parentOf(level)}`);
      }
    }
    if (level === CONFIGURATION_LEVEL && blank(values.guidePrice)) problems.push(`${prefix}${MATERIAL_TEXT.guidePriceRequired}`);
    if (level !== CONFIGURATION_LEVEL && !blank(values.guidePrice)) problems.push(`${prefix}${MATERIAL_TEXT.guidePriceOnlyConfiguration}`);
  },

  async decorate(db, rows) {
    if (rows.length === 0) return;
    const pathOf = await materialPaths(db);
    for (const row of rows as RecordValues[]) row.path = pathOf(Number(row.id));
  },
};
