// 数电发票号码 (domain.md §2): 20 digits — the year's last two digits, the province tax area of the issuing company (the
// first two digits of its administrative division code: 11 北京, 31 上海, 44 广东 ...), one channel digit, and a 15-digit
// sequence. The sequence counts per year, area and channel across every dealer of the province (as the tax bureau's
// would), taken under an advisory lock on that prefix inside the issuing transaction: no gap-filling, no duplicates.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';

/** Issued through the national e-invoice service platform (电子发票服务平台). */
export const INVOICE_CHANNEL = '1';

const SEQUENCE_DIGITS = 15;

/** Province-level divisions (GB/T 2260) by the name the organisation table holds. */
const PROVINCE_AREAS: Record<string, string> = {
  北京市: '11', 天津市: '12', 河北省: '13', 山西省: '14', 内蒙古自治区: '15', 辽宁省: '21', 吉林省: '22', 黑龙江省: '23',
  上海市: '31', 江苏省: '32', 浙江省: '33', 安徽省: '34', 福建省: '35', 江西省: '36', 山东省: '37', 河南省: '41', 湖北省: '42',
  湖南省: '43', 广东省: '44', 广西壮族自治区: '45', 海南省: '46', 重庆市: '50', 四川省: '51', 贵州省: '52', 云南省: '53',
  西藏自治区: '54', 陕西省: '61', 甘肃省: '62', 青海省: '63', 宁夏回族自治区: '64', 新疆维吾尔自治区: '65',
};

export const INVOICE_NUMBER_TEXT = {
  noArea: (code: string) => `开票主体${code}所在省份没有税务区划代码，不能开票`,
} as const;

/** The tax area of a dealer: its province's code. */
export async function taxAreaOf(db: Kysely<Database>, ownerCode: string): Promise<string> {
  const row = await db.selectFrom('organizations').select('provinceName').where('orgCode', '=', ownerCode).executeTakeFirst();
  const area = row?.provinceName ? PROVINCE_AREAS[row.provinceName] : undefined;
  if (!area) throw new ApiError('invalidInput', INVOICE_NUMBER_TEXT.noArea(ownerCode));
  return area;
}

/** The series an invoice issued at `beijingTime` (text, yyyy-MM-dd ...) in tax area `area` counts in. */
export const invoiceNoPrefix = (beijingTime: string, area: string): string => `${beijingTime.slice(2, 4)}${area}${INVOICE_CHANNEL}`;

/** The n-th number of a series. */
export const invoiceNoOf = (prefix: string, n: bigint): string => `${prefix}${n.toString().padStart(SEQUENCE_DIGITS, '0')}`;

/** The next invoice number for a dealer's company, issued now. */
export async function nextInvoiceNo(db: Kysely<Database>, ownerCode: string, now = new Date()): Promise<string> {
  const prefix = invoiceNoPrefix(formatDateTime(now), await taxAreaOf(db, ownerCode));
  await sql`select pg_advisory_xact_lock(hashtext(${`invoiceNo:${prefix}`}))`.execute(db);
  const { rows } = await sql<{ last: string | null }>`select max(substr(invoice_no, ${prefix.length + 1}))::text as last from invoices
    where invoice_no like ${`${prefix}%`} and length(invoice_no) = ${prefix.length + SEQUENCE_DIGITS}`.execute(db);
  return invoiceNoOf(prefix, BigInt(rows[0]?.last ?? '0') + 1n);
}

export const isInvoiceNo = (text: string): boolean => /^\d{20}$/.test(text);
