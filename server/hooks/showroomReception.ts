// 展厅接待 needs a hook for what its JSON cannot say (domain.md §4): a consultant receives one customer at a time (at
// most one open reception per consultant, checked under the consultant's lock); the customer is a potential customer,
// found by phone or registered on the spot (converting the phone's clue, if any); first or repeat visit from the
// customer's earlier receptions; an invited arrival is the invitation's 到店; and the customer's first arrival is dated.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { ShowroomReceptionRecord } from './modelRecords';
import { ACTIVE_CLUE, ACTIVE_POTEN, consultantProblem, lockKey, lockPhones, SALES_TEXT, userName } from './salesRules';

export const RECEPTION_TEXT = {
  busy: (name: string, no: string) => `销售顾问${name}正在接待（${no}），请先办理离店`,
  customer: '请选择潜客，或填写新客户的姓名、电话和意向级别',
  appointment: '邀约到店请选择该客户待到店的邀约',
  consultantFixed: '接待顾问不能修改',
} as const;

const OPEN = '83181001';
const INVITED = '83161002';
const FIRST = '83171001';
const AGAIN = '83171002';

export const showroomReceptionHooks: ModelHooks<ShowroomReceptionRecord> = {
  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    if (!ownerCode) return;
    const { values } = change;
    if (change.op === 'update') {
      if (values.consultantId !== change.current?.consultantId) change.problems.push(`${change.prefix}${RECEPTION_TEXT.consultantFixed}`);
      return;
    }
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) return void change.problems.push(`${change.prefix}${problem}`);
    await lockKey(db, `reception:${String(values.consultantId)}`);
    const { rows: open } = await sql<{ receptionNo: string }>`select reception_no from showroom_receptions where consultant_id = ${Number(values.consultantId)} and status = ${OPEN} limit 1`.execute(db);
    if (open[0]) return void change.problems.push(`${change.prefix}${RECEPTION_TEXT.busy(await userName(db, values.consultantId), open[0].receptionNo)}`);

    const customers = context.records!('potentialCustomer');
    if (values.potenId === null && typeof values.phone === 'string' && values.phone !== '') {
      // A walk-in: the phone's customer, or a new one (from the phone's clue when there is one).
      await lockPhones(db, ownerCode, [values.phone]);
      const { rows } = await sql<{ kind: string; id: number }>`select 'poten' as kind, id from potential_customers where owner_code = ${ownerCode} and phone = ${values.phone} and status in (${sql.join(ACTIVE_POTEN)})
        union all select 'clue' as kind, id from clues where owner_code = ${ownerCode} and phone = ${values.phone} and status in (${sql.join(ACTIVE_CLUE)}) order by kind desc limit 1`.execute(db);
      const found = rows[0];
      if (found?.kind === 'poten') values.potenId = Number(found.id);
      else if (values.customerName && values.intentLevel) {
        const created = await customers.create({ name: values.customerName, phone: values.phone, intentLevel: values.intentLevel, consultantId: values.consultantId, ...(found ? { clueId: Number(found.id) } : {}) });
        values.potenId = created.id;
      }
    }
    if (values.potenId === null) return void change.problems.push(`${change.prefix}${RECEPTION_TEXT.customer}`);
    const customer = await customers.find(Number(values.potenId));
    if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
    values.customerName = String(customer.name);
    values.phone = String(customer.phone);
    values.intentLevel ??= (customer.intentLevel as string | null) ?? null;
    const { rows: before } = await sql<{ n: number }>`select count(*)::int as n from showroom_receptions where poten_id = ${Number(values.potenId)}`.execute(db);
    values.visitKind = Number(before[0]?.n ?? 0) > 0 ? AGAIN : FIRST;
    if (values.arriveType === INVITED) {
      const invitation = values.appointmentId !== null ? await context.records!('appointment').find(Number(values.appointmentId)) : undefined;
      if (!invitation || invitation.status !== '83151001' || Number(invitation.potenId) !== Number(values.potenId)) change.problems.push(`${change.prefix}${RECEPTION_TEXT.appointment}`);
    } else values.appointmentId = null;
  },

  async afterWrite(context, record, op) {
    if (op !== 'create') return;
    if (record.appointmentId !== null && record.appointmentId !== undefined) await context.records!('appointment').transition(Number(record.appointmentId), 'arrive');
    await sql`update potential_customers set first_arrive_at = coalesce(first_arrive_at, ${new Date(`${String(record.arriveAt).replace(' ', 'T')}+08:00`)}) where id = ${Number(record.potenId)}`.execute(context.db);
  },
};
