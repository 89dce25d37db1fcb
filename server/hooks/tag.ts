// 客户标签 needs a hook for what its JSON cannot say: a rule tag's rule is a list of conditions on the potential
// customers' own filters (fieldName one of their filter parameters, the values to match: the custom query schemes'
// selectCondition), checked on save; 刷新 recomputes its members from the rule within the dealer (the potential
// customers' data scope and filters, as their list would find them) and keeps its customer count.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import { repositoryModels } from '../models/modelCatalogue';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { filterConditions, scopeCondition } from '../models/modelReads';
import type { TagRecord } from './modelRecords';
import { potentialCustomerHooks } from './potentialCustomer';

export const TAG_TEXT = {
  ruleRequired: '规则标签请填写规则',
  ruleShape: '标签规则应为条件列表：[{ "fieldName": 筛选字段, "value": 取值或取值列表 }]',
  ruleField: (name: string) => `标签规则的字段 ${name} 不是潜客的筛选条件`,
  manualOnly: '手动标签没有规则，不能刷新',
} as const;

const RULE_TAG = '83261002';

export interface RuleCondition {
  fieldName: string;
  conditionCode?: string;
  value: unknown;
}

const potentialModel = () => repositoryModels().find((m) => m.model.name === 'potentialCustomer')!;

/** The rule's conditions, or the problem with it. */
export function ruleConditions(rule: unknown): { conditions: RuleCondition[] } | { problem: string } {
  if (!Array.isArray(rule) || rule.length === 0 || rule.some((c) => !c || typeof c !== 'object' || typeof (c as RuleCondition).fieldName !== 'string')) return { problem: TAG_TEXT.ruleShape };
  const params = new Set((potentialModel().model.filters ?? []).map((f) => f.param));
  const unknown = (rule as RuleCondition[]).find((c) => !params.has(c.fieldName) || c.fieldName === 'ownerCode');
  return unknown ? { problem: TAG_TEXT.ruleField(unknown.fieldName) } : { conditions: rule as RuleCondition[] };
}

/** A rule as the potential customers' list parameters. */
export const ruleParams = (conditions: RuleCondition[]): RecordValues => Object.fromEntries(conditions.map((c) => [c.fieldName, c.value]));

export const tagHooks: ModelHooks<TagRecord> = {
  beforeWrite(_context, change) {
    const { values } = change;
    if (values.tagKind !== RULE_TAG) {
      values.rule = null;
      return;
    }
    if (values.rule === null || values.rule === undefined) return void change.problems.push(`${change.prefix}${TAG_TEXT.ruleRequired}`);
    const checked = ruleConditions(values.rule);
    if ('problem' in checked) change.problems.push(`${change.prefix}${checked.problem}`);
  },

  calls: {
    /** tag/tags/:id/refresh: a rule tag's members, recomputed now from its rule. */
    async refresh(context, { params, reads }) {
      const tag = await reads.get(Number(params.id));
      if (tag.tagKind !== RULE_TAG) throw new ApiError('invalidInput', TAG_TEXT.manualOnly);
      const checked = ruleConditions(tag.rule);
      if ('problem' in checked) throw new ApiError('invalidInput', checked.problem);
      const loaded = potentialModel();
      const scope = await scopeCondition({ db: context.db, user: context.user, loaded, hooks: potentialCustomerHooks, ownerCodes: [String(tag.ownerCode)] });
      const where = [scope, ...filterConditions(loaded, potentialCustomerHooks, ruleParams(checked.conditions))];
      const tagId = Number(tag.id);
      await sql`delete from customer_tags where tag_id = ${tagId}`.execute(context.db);
      const now = new Date();
      await sql`insert into customer_tags (tag_id, poten_id, phone, owner_code, created_at, updated_at, created_by, updated_by)
        select ${tagId}, r.id, r.phone, r.owner_code, ${now}, ${now}, ${context.user.id}, ${context.user.id} from potential_customers r where ${sql.join(where, sql` and `)}`.execute(context.db);
      await sql`update tags set customer_count = (select count(*) from customer_tags where tag_id = ${tagId}), refreshed_at = ${now}, updated_at = ${now} where id = ${tagId}`.execute(context.db);
      return reads.get(tagId);
    },
  },
};
