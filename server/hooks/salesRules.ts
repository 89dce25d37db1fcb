// What the sales and customer-business hooks share and their models' JSON cannot say (domain.md §4): who sees which
// customers (a sales consultant their own, the showroom manager and the rest of the dealer's staff all of the dealer's),
// one active clue or potential customer per phone per dealer (checked under one lock per phone), the consultant named is a
// sales consultant of the dealer, the follow-up interval of each intent level, and exact money. Not a hook itself: the
// clue, potential-customer, follow-up, reception and quotation hooks use it.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDecimal, compareDecimal, decimalText, divideDecimal, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from '../../schemas/expression/decimal';
import { holdsPosition } from '../data/employees';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import type { SessionUser } from '../http/session';

export const CLUE_STATUS = { unassigned: '83111001', following: '83111002', converted: '83111003', invalid: '83111004', merged: '83111005', auditing: '83111006' } as const;
export const POTEN_STATUS = { following: '83101001', ordered: '83101002', dealt: '83101003', defeatAsked: '83101004', defeated: '83101005', dormant: '83101006', merged: '83101007' } as const;
/** The clues and potential customers that hold their phone at the dealer (a second one is a duplicate). */
export const ACTIVE_CLUE = [CLUE_STATUS.unassigned, CLUE_STATUS.following, CLUE_STATUS.auditing];
export const ACTIVE_POTEN = [POTEN_STATUS.following, POTEN_STATUS.ordered, POTEN_STATUS.defeatAsked, POTEN_STATUS.dormant];

/** Roles that see every customer of the dealer even when their holder is also a sales consultant. */
export const DEALER_WIDE_ROLES = ['ZTJL', 'C1001'] as const;
export const SALES_CONSULTANT = 'XSGW';
export const TEST_DRIVE_STAFF = 'SCY';

/** Days until the next follow-up at most, by intent level (domain.md §4: H 1–2 days, A 3, B 7, C 15). */
export const FOLLOW_UP_DAYS: Record<string, number> = { '83071001': 2, '83071002': 3, '83071003': 7, '83071004': 15 };
const LEVEL_NAMES: Record<string, string> = { '83071001': 'H', '83071002': 'A', '83071003': 'B', '83071004': 'C' };

export const SALES_TEXT = {
  notConsultant: '所选销售顾问不是本店在职的销售顾问',
  notTestDriveStaff: '所选试驾专员不是本店在职的试乘试驾专员',
  phoneIsClue: (phone: string, no: string) => `手机号${phone}已有有效线索${no}`,
  phoneIsPoten: (phone: string, no: string, name: string) => `手机号${phone}已是潜客${no}（${name}），请在潜客中跟进或合并客户`,
  followTooLate: (level: string, days: number) => `意向级别为${level}的客户，下次跟进时间不能晚于${days}天后`,
  potenMissing: '潜客不存在或不是您的客户',
  dealerOnly: '只有经销商账号可以办理',
} as const;

/**
 * The scope of a model whose rows belong to a consultant: a sales consultant sees the rows they hold, unless one of
 * their roles sees the dealer's (the showroom manager); everyone else is left to the dealer scope.
 */
export function ownRowsOnly(user: SessionUser, alias: string, column = 'consultantId'): RawBuilder<boolean> | undefined {
  if (!user.positions.includes(SALES_CONSULTANT)) return undefined;
  return sql<boolean>`(${sql.ref(`${alias}.${column}`)} = ${user.id} or exists (select 1 from user_roles ur join roles ro on ro.id = ur.role_id
    where ur.user_id = ${user.id} and ro.role_code in (${sql.join([...DEALER_WIDE_ROLES])})))`;
}

/** Whether the user holds one of the dealer-wide roles (may assign, audit and approve). */
export async function holdsDealerWideRole(db: Kysely<Database>, userId: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from user_roles ur join roles ro on ro.id = ur.role_id
    where ur.user_id = ${userId} and ro.role_code in (${sql.join([...DEALER_WIDE_ROLES])})`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Holds the dealer's phone until the transaction ends: two creates with one phone are checked one after the other. */
export async function lockPhones(db: Kysely<Database>, ownerCode: string, phones: readonly string[]): Promise<void> {
  for (const phone of [...new Set(phones)].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`sales-phone:${ownerCode}:${phone}`}))`.execute(db);
}

/** Holds a named resource (a consultant's hour, a car) until the transaction ends. */
export async function lockKey(db: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export interface PhoneHolder {
  kind: 'clue' | 'poten';
  id: number;
  no: string;
  name: string;
  phone: string;
}

/**
 * The active clues and potential customers of the dealer holding any of `phones` (except the records named), of the
 * kinds asked for. A phone has one active clue and one active potential customer at most; a clue with a customer's
 * phone (the customer back through another channel) is merged into the customer (combineClue).
 */
export async function phoneHolders(db: Kysely<Database>, ownerCode: string, phones: readonly string[], except: { clueId?: number | null; potenId?: number | null } = {}, kinds: readonly PhoneHolder['kind'][] = ['clue', 'poten']): Promise<PhoneHolder[]> {
  if (phones.length === 0 || kinds.length === 0) return [];
  const list = sql.join([...phones]);
  const clues = sql`select 'clue' as kind, id, clue_no as no, customer_name as name, phone from clues
    where owner_code = ${ownerCode} and phone in (${list}) and status in (${sql.join(ACTIVE_CLUE)}) and id <> ${except.clueId ?? 0}`;
  const customers = sql`select 'poten' as kind, id, poten_no as no, name, phone from potential_customers
    where owner_code = ${ownerCode} and phone in (${list}) and status in (${sql.join(ACTIVE_POTEN)}) and id <> ${except.potenId ?? 0}`;
  const parts = [...(kinds.includes('clue') ? [clues] : []), ...(kinds.includes('poten') ? [customers] : [])];
  const { rows } = await sql<PhoneHolder>`${sql.join(parts, sql` union all `)} order by kind desc, id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export function holderProblem(holder: PhoneHolder): string {
  return holder.kind === 'clue' ? SALES_TEXT.phoneIsClue(holder.phone, holder.no) : SALES_TEXT.phoneIsPoten(holder.phone, holder.no, holder.name);
}

/** A problem when `userId` is not an employed sales consultant of the dealer. */
export async function consultantProblem(db: Kysely<Database>, userId: unknown, ownerCode: string | null | undefined): Promise<string | undefined> {
  if (userId === null || userId === undefined || userId === '') return undefined;
  if (!ownerCode || !(await holdsPosition(db, Number(userId), ownerCode, SALES_CONSULTANT))) return SALES_TEXT.notConsultant;
  return undefined;
}

/** The latest next follow-up an intent level allows, from `from`; and the problem when `next` is later. */
export function followUpProblem(level: unknown, next: unknown, from = new Date()): string | undefined {
  const days = FOLLOW_UP_DAYS[String(level)];
  if (days === undefined || typeof next !== 'string' || next === '') return undefined;
  const latest = formatDateTime(new Date(from.getTime() + days * 86_400_000));
  return next > latest ? SALES_TEXT.followTooLate(LEVEL_NAMES[String(level)] ?? String(level), days) : undefined;
}

/** The default next follow-up of a level: its interval from now, at the same time of day. */
export function defaultNextFollow(level: unknown, from = new Date()): string | null {
  const days = FOLLOW_UP_DAYS[String(level)];
  return days === undefined ? null : formatDateTime(new Date(from.getTime() + days * 86_400_000));
}

const ZERO: Decimal = { units: 0n, scale: 2 };
const isDecimal = (value: unknown): value is Decimal => typeof value === 'object' && value !== null && typeof (value as Decimal).units === 'bigint';
/** An amount as an exact decimal: a decimal, its text or a number; anything else (null, blank) is 0. */
export const money = (value: unknown): Decimal => (isDecimal(value) ? value : (toDecimal(value) ?? ZERO));
export const moneyText = (value: Decimal): string => decimalText(roundDecimal(value, 2), 2);
export const sumMoney = (...values: unknown[]): Decimal => values.reduce<Decimal>((total, v) => addDecimal(total, money(v)), ZERO);
export { compareDecimal, multiplyDecimal, subtractDecimal };

/** VAT on vehicles (domain.md §0): prices are tax-inclusive, ex-tax = round(incl / 1.13, 2). */
const VAT = toDecimal('1.13')!;
const PURCHASE_TAX_RATE = toDecimal('0.10')!;

/**
 * 购置税 (domain.md §2): 10% of the ex-VAT price. New-energy vehicles are exempt up to ¥30,000 until 2025-12-31, and
 * pay half, the reduction at most ¥15,000, in 2026 and 2027; from 2028 they pay in full.
 */
export function purchaseTax(priceInclVat: Decimal, newEnergy: boolean, day: string): Decimal {
  const exTax = roundDecimal(divideDecimal(priceInclVat, VAT, 4) ?? ZERO, 2);
  const tax = roundDecimal(multiplyDecimal(exTax, PURCHASE_TAX_RATE), 2);
  if (!newEnergy) return tax;
  const year = Number(day.slice(0, 4));
  const cap = (limit: string, reduction: Decimal) => (compareDecimal(reduction, toDecimal(limit)!) > 0 ? toDecimal(limit)! : reduction);
  if (year <= 2025) return subtractDecimal(tax, cap('30000', tax));
  if (year <= 2027) return subtractDecimal(tax, cap('15000', roundDecimal(divideDecimal(tax, toDecimal('2')!, 4) ?? ZERO, 2)));
  return tax;
}

/** The dictionary names of codes, for messages (已战败, 试驾中 ...). */
export async function codeName(db: Kysely<Database>, code: unknown): Promise<string> {
  const row = await db.selectFrom('dictCodes').select('codeCnDesc').where('codeId', '=', String(code)).executeTakeFirst();
  return row?.codeCnDesc ?? String(code);
}

/** A user's name, for messages. */
export async function userName(db: Kysely<Database>, userId: unknown): Promise<string> {
  const row = await db.selectFrom('users').select('employeeName').where('id', '=', Number(userId)).executeTakeFirst();
  return row?.employeeName ?? '';
}

/** The named fields of a request body (what a call takes from it). */
export function pick(body: unknown, names: readonly string[]): Record<string, unknown> {
  const given = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(names.filter((name) => Object.hasOwn(given, name)).map((name) => [name, given[name]]));
}
