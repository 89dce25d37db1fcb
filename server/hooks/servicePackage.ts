// 维修套餐 needs a hook: its labour codes are the dealer's own 工时项目 (their names filled in), its parts' names come from
// the part master, and 启用 is 1 or 0.
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import type { ServicePackageRecord } from './modelRecords';
import { labourItems, partItems } from './repair/orderLines';
import { REPAIR_TEXT } from './repair/repairRules';

export const servicePackageHooks: ModelHooks<ServicePackageRecord> = {
  options: {
    enabled: [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ],
  },

  async beforeWrite({ db, user }, { values, current, problems }) {
    values.enabled = values.enabled === '0' ? '0' : '1';
    const labour = (values.labourLines as RecordValues[] | undefined) ?? [];
    const parts = (values.partLines as RecordValues[] | undefined) ?? [];
    const items = await labourItems(db, String(current?.ownerCode ?? user.ownerCode ?? ''), labour.map((l) => String(l.labourCode)));
    for (const line of labour) {
      const item = items.get(String(line.labourCode));
      if (item) line.labourName = item.labourName;
      else problems.push(REPAIR_TEXT.labourUnknown(String(line.labourCode)));
    }
    const masters = await partItems(db, parts.map((p) => String(p.partNo)));
    for (const line of parts) line.partName = masters.get(String(line.partNo))?.partName ?? line.partName ?? null;
    if (labour.length + parts.length === 0) problems.push('套餐至少含一个工时项目或配件');
  },
};
