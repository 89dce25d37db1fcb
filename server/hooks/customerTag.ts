// 客户打标 needs a hook for what its JSON cannot say: only a manual tag is given by hand (a rule tag's members are its
// rule's), to a potential customer the user may see, once; and the tag's customer count follows.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { CustomerTagRecord } from './modelRecords';
import { lockKey, SALES_TEXT } from './salesRules';

export const CUSTOMER_TAG_TEXT = {
  ruleTag: '规则标签由规则计算，不能手动打标',
  twice: '该客户已有这个标签',
  tagMissing: '标签不存在或已停用',
} as const;

const MANUAL_TAG = '83261001';

const recount = (tagId: number) => sql`update tags set customer_count = (select count(*) from customer_tags where tag_id = ${tagId}) where id = ${tagId}`;

export const customerTagHooks: ModelHooks<CustomerTagRecord> = {
  async beforeWrite(context, change) {
    const { values } = change;
    const tag = await context.records!('tag').find(Number(values.tagId));
    if (!tag || tag.enabled !== '1') return void change.problems.push(`${change.prefix}${CUSTOMER_TAG_TEXT.tagMissing}`);
    if (tag.tagKind !== MANUAL_TAG) return void change.problems.push(`${change.prefix}${CUSTOMER_TAG_TEXT.ruleTag}`);
    const customer = await context.records!('potentialCustomer').find(Number(values.potenId));
    if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
    values.phone = String(customer.phone);
    await lockKey(context.db, `customer-tag:${String(values.tagId)}:${String(values.potenId)}`);
    const { rows } = await sql<{ id: number }>`select id from customer_tags where tag_id = ${Number(values.tagId)} and poten_id = ${Number(values.potenId)} limit 1`.execute(context.db);
    if (rows.length > 0) change.problems.push(`${change.prefix}${CUSTOMER_TAG_TEXT.twice}`);
  },

  async afterWrite({ db }, record) {
    await recount(Number(record.tagId)).execute(db);
  },

  async beforeDelete({ db }, record) {
    // The row leaves with this delete.
    await sql`update tags set customer_count = greatest(customer_count - 1, 0) where id = ${Number(record.tagId)}`.execute(db);
  },
};
