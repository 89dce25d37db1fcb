// 线索 needs a hook for what its JSON cannot say (domain.md §4): a sales consultant sees only their own clues (the
// showroom manager and the reception see the dealer's); one active clue or potential customer per phone per dealer,
// refused on a save and reported per row (not inserted) on an Excel import; a clue a consultant registers is theirs at
// once; the consultant assigned must be a sales consultant of the dealer; the lists of consultants to assign to and to
// audit; and the round-robin assignment over the consultants on duty (顾问工作).
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ImportError } from '../imports/importRows';
import type { HookContext, ModelHooks } from '../models/modelHooks';
import type { ClueRecord } from './modelRecords';
import { CLUE_STATUS, consultantProblem, holderProblem, lockPhones, ownRowsOnly, phoneHolders, pick, SALES_CONSULTANT, SALES_TEXT } from './salesRules';
import { consultantsOnDuty, type DutyConsultant } from './consultantWork';

export const CLUE_TEXT = {
  consultantByTransition: '销售顾问请通过“分配”或“改派”变更',
  duplicateInFile: (phone: string, row: number) => `手机号${phone}与第${row}行重复，未导入`,
  notImported: (reason: string) => `${reason}，未导入`,
  noneOnDuty: '今天没有当班且还能接新线索的销售顾问，请先在顾问工作中排班',
  notUnassigned: '线索不是待分配状态，未分配',
  dealerOnly: SALES_TEXT.dealerOnly,
} as const;

/** What a follow-up or a conversion takes from the request. */
const FOLLOW_UP_FIELDS = ['followWay', 'content', 'levelAfter', 'nextFollowAt'] as const;
const POTENTIAL_FIELDS = ['intentLevel', 'intentModelCode', 'buyType', 'payType', 'budgetFrom', 'budgetTo', 'buyFactors', 'competitorModels', 'nextFollowAt', 'remark'] as const;

const ownerOf = (context: HookContext, current?: Record<string, unknown>) => (current?.ownerCode as string | undefined) ?? context.user.ownerCode;

/** The rows of an import whose phone is already held (by a stored clue or potential, or an earlier row of the file). */
async function duplicateRows(context: HookContext, rows: { rowNO: number; values: Record<string, unknown> }[]): Promise<ImportError[]> {
  const ownerCode = context.user.ownerCode;
  if (!ownerCode) return [];
  const phones = rows.map((r) => String(r.values.phone ?? '').trim()).filter((p) => p !== '');
  await lockPhones(context.db, ownerCode, phones);
  const held = new Map((await phoneHolders(context.db, ownerCode, phones)).map((h) => [h.phone, h]));
  const firstRow = new Map<string, number>();
  const skipped: ImportError[] = [];
  for (const { rowNO, values } of rows) {
    const phone = String(values.phone ?? '').trim();
    if (phone === '') continue;
    const holder = held.get(phone);
    const earlier = firstRow.get(phone);
    if (holder) skipped.push({ rowNO, errorMsg: CLUE_TEXT.notImported(holderProblem(holder)) });
    else if (earlier !== undefined) skipped.push({ rowNO, errorMsg: CLUE_TEXT.duplicateInFile(phone, earlier) });
    else firstRow.set(phone, rowNO);
  }
  return skipped;
}

/** The clues each on-duty consultant was given today, and the next consultant in turn (fewest today, then 轮序). */
function nextInTurn(roster: DutyConsultant[]): DutyConsultant | undefined {
  return roster.filter((c) => c.assignedToday < c.maxNewClues).sort((a, b) => a.assignedToday - b.assignedToday || a.receptionOrder - b.receptionOrder || a.userId - b.userId)[0];
}

export const clueHooks: ModelHooks<ClueRecord> = {
  scope: ({ user }, alias) => ownRowsOnly(user, alias),

  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = ownerOf(context, change.current);
    if (!ownerCode) return;
    const { values } = change;
    if (change.op === 'update') {
      if (values.consultantId !== (change.current?.consultantId ?? null)) change.problems.push(`${change.prefix}${CLUE_TEXT.consultantByTransition}`);
    } else {
      // A consultant's own clue is theirs at once; one registered for a consultant is assigned as it is saved.
      if (values.consultantId === null && user.positions.includes(SALES_CONSULTANT) && change.via !== 'import') values.consultantId = user.id;
      if (values.consultantId !== null) {
        values.status = CLUE_STATUS.following;
        values.assignedAt = formatDateTime(new Date());
      }
    }
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    // An import reports its duplicates per row instead (importSkips), with the file's phones locked.
    if (change.via === 'import' || typeof values.phone !== 'string' || values.phone === change.current?.phone) return;
    await lockPhones(db, ownerCode, [values.phone]);
    // Another active clue of the phone is a duplicate; a customer of the phone is not (the clue is merged into it).
    const [holder] = await phoneHolders(db, ownerCode, [values.phone], { clueId: change.current ? Number(change.current.id) : null }, ['clue']);
    if (holder) change.problems.push(`${change.prefix}${holderProblem(holder)}`);
  },

  async beforeTransition({ db }, transition, record, values) {
    if (transition !== 'assign' && transition !== 'reassign') return;
    const problem = await consultantProblem(db, values.consultantId, String(record.ownerCode));
    if (problem) throw new ApiError('invalidInput', problem);
  },

  importSkips: duplicateRows,

  calls: {
    /** jk/clue/:id/followUp `{ followWay, content, nextFollowAt }`: a follow-up of the clue (跟进记录). */
    async followUp(context, { params, body, reads }) {
      await reads.get(Number(params.id));
      return context.records!('followUp').create({ ...pick(body, FOLLOW_UP_FIELDS), clueId: Number(params.id) });
    },

    /** jk/clue/:id/toPotential: the clue's customer registered as a potential customer (insertPotenCus with the clue's
     * name, phone, gender and source, and the intent the consultant adds); the clue becomes 已转潜客. */
    async toPotential(context, { params, body, reads }) {
      const clue = await reads.get(Number(params.id));
      return context.records!('potentialCustomer').create({
        ...pick(body, POTENTIAL_FIELDS),
        name: clue.customerName,
        phone: clue.phone,
        gender: clue.gender,
        clueId: Number(clue.id),
      });
    },

    /** clue/employeeList: the dealer's consultants for the day (顾问工作), with the clues given to each today. */
    async employeeList({ db, user }, { query }) {
      if (!user.ownerCode) return [];
      return consultantsOnDuty(db, user.ownerCode, typeof query.workDate === 'string' ? query.workDate : undefined);
    },

    /** clue/audit/queryConsultant: the dealer's consultants with the invalid-clue applications waiting for the audit. */
    async queryConsultant({ db, user }) {
      if (!user.ownerCode) return [];
      const { rows } = await sql<{ userId: number; userName: string; pending: number }>`
        select u.id as user_id, u.employee_name as user_name, count(c.id)::int as pending
        from user_positions up join users u on u.id = up.user_id join organizations o on o.id = up.org_id
        left join clues c on c.consultant_id = u.id and c.owner_code = o.org_code and c.status = ${CLUE_STATUS.auditing}
        where up.position_code = ${SALES_CONSULTANT} and o.org_code = ${user.ownerCode} and u.is_onjob = '10081001'
        group by u.id, u.employee_name, u.employee_no order by count(c.id) desc, u.employee_no`.execute(db);
      return rows.map((r) => ({ ...r, userId: Number(r.userId), pending: Number(r.pending) }));
    },

    /**
     * jk/clue/autoAssign: the unassigned clues named (all of the dealer's when none is named) handed out in turn to
     * today's on-duty consultants, each up to their daily limit; every assignment is the clue's 分配 transition.
     */
    async autoAssign(context, { body }) {
      const { db, user } = context;
      if (!user.ownerCode) throw new ApiError('forbidden', CLUE_TEXT.dealerOnly);
      const named = Array.isArray((body as { ids?: unknown } | null)?.ids) ? ((body as { ids: unknown[] }).ids.map(Number).filter(Number.isSafeInteger) as number[]) : [];
      const clues = context.records!('clue');
      const ids = named.length > 0 ? named : await clues.idsWhere({ status: CLUE_STATUS.unassigned });
      const roster = (await consultantsOnDuty(db, user.ownerCode)).filter((c) => c.onDuty === '1');
      const assigned: { id: number; consultantId: number; consultantName: string }[] = [];
      const failures: { id: number; message: string }[] = [];
      for (const id of ids.slice(0, 500)) {
        const clue = await clues.find(id);
        if (!clue || clue.status !== CLUE_STATUS.unassigned) {
          failures.push({ id, message: CLUE_TEXT.notUnassigned });
          continue;
        }
        const next = nextInTurn(roster);
        if (!next) {
          failures.push({ id, message: CLUE_TEXT.noneOnDuty });
          continue;
        }
        await clues.transition(id, 'assign', { consultantId: next.userId });
        next.assignedToday += 1;
        assigned.push({ id, consultantId: next.userId, consultantName: next.userName });
      }
      if (assigned.length === 0 && ids.length > 0 && failures.every((f) => f.message === CLUE_TEXT.noneOnDuty)) throw new ApiError('invalidInput', CLUE_TEXT.noneOnDuty);
      return { assigned, count: assigned.length, failures };
    },
  },
};
