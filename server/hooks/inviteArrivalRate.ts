// 邀约报表's second half (domain.md §4 Reports: 邀约→到店 rate): per sales consultant, the invitations whose 邀约到店时间
// (appointAt, the date the appointment list filters by as 邀约日期) falls in a range of Beijing days, how many the
// customer kept (已到店), how many were cancelled (已取消), and the arrival rate. Within the user's data scope (the
// dealers the user sees) and, for a sales consultant without a dealer-wide role, their own invitations only (the rule
// of the 待邀约 list and of the appointment list). Served as customer-report inviteReport/inviteArrivalRate by the
// potential customer's hook, beside waitInviteRecord.
//
// Decisions: 邀约数 counts every invitation of the range whatever its state (待到店, 已到店, 已取消, 已爽约), so
// 邀约数 = 待到店 + 到店 + 取消 + 爽约; 到店率 = 到店数 ÷ 邀约数 as percent text with exactly two places, rounded half-up
// ("42.86"), and "" (no rate) when there are no invitations. The range defaults to this Beijing month.
import { sql } from 'kysely';
import { ownerScope } from '../data/scope';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import type { HookContext, RecordValues } from '../models/modelHooks';
import { decimalText, divideDecimal } from '../../schemas/expression/decimal';
import { ownRowsOnly } from './salesRules';

export const INVITE_RATE_TEXT = {
  badDay: (label: string) => `${label}不是有效日期，应为 年-月-日（如 2026-03-01）`,
  badRange: '邀约日期起不能晚于邀约日期止',
  badConsultant: '销售顾问不正确',
  total: '合计',
} as const;

const STATE = { waiting: '83151001', arrived: '83151002', cancelled: '83151003', noShow: '83151004' } as const;

export interface ArrivalCounts {
  invited: number;
  arrived: number;
  cancelled: number;
  noShow: number;
  waiting: number;
  /** 到店数 ÷ 邀约数 in percent, two places ("42.86"); "" without invitations. */
  arrivalRate: string;
}

export interface ArrivalRow extends ArrivalCounts {
  consultantId: number;
  consultantName: string;
}

export interface ArrivalRateAnswer {
  appointFrom: string;
  appointTo: string;
  /** The number of consultant rows (the answer reads as a page of `items`). */
  total: number;
  items: ArrivalRow[];
  /** 合计 over the rows. */
  summary: ArrivalCounts & { consultantName: string };
}

/** Arrived ÷ invited in percent, exact, two places rounded half-up; "" when nobody was invited. */
export function arrivalRate(arrived: number, invited: number): string {
  if (invited === 0) return '';
  return decimalText(divideDecimal({ units: BigInt(arrived) * 100n, scale: 0 }, { units: BigInt(invited), scale: 0 }, 2)!, 2);
}

function validDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** The query's day, this month's first or last when absent; a day that is no calendar day is a 400. */
function dayOf(value: unknown, label: string, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !validDay(value)) throw new ApiError('invalidInput', INVITE_RATE_TEXT.badDay(label));
  return value;
}

function thisMonth(): { first: string; last: string } {
  const today = formatDateTime(new Date()).slice(0, 10);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${today.slice(0, 7)}-01`, last: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** customer-report inviteReport/inviteArrivalRate?appointFrom=&appointTo=&consultantId= */
export async function inviteArrivalRate({ db, user }: HookContext, query: RecordValues): Promise<ArrivalRateAnswer> {
  const month = thisMonth();
  const appointFrom = dayOf(query.appointFrom, '邀约日期起', month.first);
  const appointTo = dayOf(query.appointTo, '邀约日期止', month.last);
  if (appointFrom > appointTo) throw new ApiError('invalidInput', INVITE_RATE_TEXT.badRange);
  const consultant = query.consultantId === undefined || query.consultantId === null || query.consultantId === '' ? undefined : Number(query.consultantId);
  if (consultant !== undefined && (!Number.isSafeInteger(consultant) || consultant <= 0)) throw new ApiError('invalidInput', INVITE_RATE_TEXT.badConsultant);
  const conditions = [
    sql<boolean>`a.owner_code in (${sql.join(await ownerScope(db, user))})`,
    sql<boolean>`a.appoint_at >= ${startOfBeijingDay(appointFrom)}`,
    sql<boolean>`a.appoint_at < ${startOfBeijingDay(appointTo, 1)}`,
  ];
  const own = ownRowsOnly(user, 'a');
  if (own) conditions.push(own);
  if (consultant !== undefined) conditions.push(sql<boolean>`a.consultant_id = ${consultant}`);
  const { rows } = await sql<{ consultantId: number; consultantName: string | null; invited: number; arrived: number; cancelled: number; noShow: number; waiting: number }>`
    select a.consultant_id as "consultantId", max(u.employee_name) as "consultantName", count(*)::int as invited,
      count(*) filter (where a.status = ${STATE.arrived})::int as arrived,
      count(*) filter (where a.status = ${STATE.cancelled})::int as cancelled,
      count(*) filter (where a.status = ${STATE.noShow})::int as "noShow",
      count(*) filter (where a.status = ${STATE.waiting})::int as waiting
    from appointments a left join users u on u.id = a.consultant_id
    where ${sql.join(conditions, sql` and `)}
    group by a.consultant_id
    order by max(u.employee_name), a.consultant_id`.execute(db);
  const items = rows.map((r) => {
    const counts = { invited: Number(r.invited), arrived: Number(r.arrived), cancelled: Number(r.cancelled), noShow: Number(r.noShow), waiting: Number(r.waiting) };
    return { consultantId: Number(r.consultantId), consultantName: r.consultantName ?? '', ...counts, arrivalRate: arrivalRate(counts.arrived, counts.invited) };
  });
  const sum = (key: 'invited' | 'arrived' | 'cancelled' | 'noShow' | 'waiting') => items.reduce((n, r) => n + r[key], 0);
  const totals = { invited: sum('invited'), arrived: sum('arrived'), cancelled: sum('cancelled'), noShow: sum('noShow'), waiting: sum('waiting') };
  return { appointFrom, appointTo, total: items.length, items, summary: { consultantName: INVITE_RATE_TEXT.total, ...totals, arrivalRate: arrivalRate(totals.arrived, totals.invited) } };
}
