// 选装包 needs a hook for what its JSON cannot say: only the manufacturer's own organisation edits the packages and
// their prices; an option code is unique within its configuration and type (the table's constraint, answered in words
// before it is hit); the type is a code of capitals (PKG); and the list shows the configuration's path in the tree.
import { sql } from 'kysely';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { ENABLED_OPTIONS, materialPaths } from './material';
import type { MaterialOptionRecord } from './modelRecords';
import { refuseUnlessManufacturer } from './organization';

export const MATERIAL_OPTION_TEXT = {
  manufacturerOnly: '选装包与价格只能由厂端维护',
  type: '选装类型只能由大写字母组成（如 PKG）',
  duplicate: (code: string) => `该配置已有选装编码 ${code}`,
} as const;

export const materialOptionHooks: ModelHooks<MaterialOptionRecord> = {
  options: { enabled: ENABLED_OPTIONS },

  async beforeWrite({ db, user }, { op, values, problems, prefix }) {
    refuseUnlessManufacturer(user, MATERIAL_OPTION_TEXT.manufacturerOnly);
    values.enabled = values.enabled === '0' ? '0' : '1';
    if (!/^[A-Z]{1,16}$/.test(String(values.optionType ?? ''))) problems.push(`${prefix}${MATERIAL_OPTION_TEXT.type}`);
    if (op !== 'create' || problems.length > 0) return;
    const { rows } = await sql<{ id: number }>`select id from material_options
      where material_id = ${Number(values.materialId)} and option_type = ${String(values.optionType)} and option_code = ${String(values.optionCode)}`.execute(db);
    if (rows.length > 0) problems.push(`${prefix}${MATERIAL_OPTION_TEXT.duplicate(String(values.optionCode))}`);
  },

  async decorate(db, rows) {
    if (rows.length === 0) return;
    const pathOf = await materialPaths(db);
    for (const row of rows as RecordValues[]) row.path = pathOf(Number(row.materialId));
  },
};
