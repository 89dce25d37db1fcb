// The repair order's lines on every save (domain.md §1): each line keeps its identity (lineKey) and what the server
// holds about it (status, rework count, issued quantity) across saves that send the lines back; a labour line takes its
// name, hours and rate from the dealer's 工时项目, a part line its name and its price by charge type from the part
// master; a package's lines are copied from the package with its price spread over them; lines are frozen once the order
// is sent for inspection; and the header amounts are the sums of the lines, by kind and by payer.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoadedChild } from '../../models/modelCatalogue';
import type { HookContext, RecordValues, WriteChange } from '../../models/modelHooks';
import { compute } from '../../models/modelWrites';
import { isBlank } from '../../models/fieldValues';
import { CHARGE, CHARGE_TYPES, LINE_STATUS, PAYER_AMOUNT, REPAIR_DEFAULTS, REPAIR_TEXT, RO_STATUS } from './repairRules';
import { cmp, dec, divideHalfUp, fenText, isZero, spread, sumOf, text2, times, units } from './money';

export type Line = RecordValues;

/** The states in which lines may change: before the order is sent for its final inspection. */
const LINES_OPEN: readonly string[] = [RO_STATUS.waiting, RO_STATUS.repairing];
/** Line states in which a labour line has been started: it cannot be removed or re-coded. */
const STARTED: readonly string[] = [LINE_STATUS.repairing, LINE_STATUS.finished, LINE_STATUS.passed, LINE_STATUS.rework];

/** The fields that say what a line is (compared to tell a changed line from one sent back as it was). */
const SUBSTANCE: Record<string, string[]> = {
  labourLines: ['lineKey', 'labourCode', 'stdHours', 'price', 'discountRate', 'chargeType'],
  partLines: ['lineKey', 'partNo', 'qty', 'discountRate', 'chargeType', 'warehouseCode'],
  addItems: ['itemCode', 'itemName', 'amount', 'chargeType', 'remark'],
  packages: ['packageCode'],
};
const CHILDREN = ['labourLines', 'partLines', 'addItems', 'packages'] as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Two cell values alike: decimals by value (1.5 and 1.50), anything else as text (empty and null alike). */
function same(a: unknown, b: unknown): boolean {
  const [x, y] = [isBlank(a) ? '' : String(a), isBlank(b) ? '' : String(b)];
  return DECIMAL.test(x) && DECIMAL.test(y) ? cmp(dec(x), dec(y)) === 0 : x === y;
}

/** Whether the sent lines say the same as the stored ones (the record page sends every line back with each save). */
function unchanged(name: string, sent: Line[], stored: Line[]): boolean {
  if (sent.length !== stored.length) return false;
  return sent.every((line, i) => SUBSTANCE[name]!.every((field) => same(line[field], stored[i]![field])));
}

/** What the request sent about a line that the model does not take from it: its key, whether it named a charge type. */
const SENT_CHARGE = new WeakSet<Line>();
function takeSent(input: RecordValues, name: string, lines: Line[]): void {
  const rows = Array.isArray(input[name]) ? (input[name] as unknown[]) : [];
  lines.forEach((line, i) => {
    const row = rows[i] as RecordValues | undefined;
    line.lineKey = typeof row?.lineKey === 'string' && row.lineKey !== '' ? row.lineKey : null;
    if (row && !isBlank(row.chargeType)) SENT_CHARGE.add(line);
  });
}

/** A line key not used on the order: L + a short random text (the order's own lines are few). */
function newKey(used: Set<string>): string {
  for (;;) {
    const key = `L${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
    if (!used.has(key)) {
      used.add(key);
      return key;
    }
  }
}

interface LabourItem {
  labourCode: string;
  labourName: string;
  stdHours: string;
  price: string;
}

interface PartItem {
  partNo: string;
  partName: string;
  retailPrice: string;
  claimPrice: string;
  insurancePrice: string;
}

export async function labourItems(db: Kysely<Database>, ownerCode: string, codes: string[]): Promise<Map<string, LabourItem>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<LabourItem>`select labour_code as "labourCode", labour_name as "labourName", std_hours::text as "stdHours", price::text as price
    from labour_items where owner_code = ${ownerCode} and enabled = '1' and labour_code in (${sql.join(codes)})`.execute(db);
  return new Map(rows.map((r) => [r.labourCode, r]));
}

export async function partItems(db: Kysely<Database>, partNos: string[]): Promise<Map<string, PartItem>> {
  if (partNos.length === 0) return new Map();
  const { rows } = await sql<PartItem>`select part_no as "partNo", part_name as "partName", retail_price::text as "retailPrice", claim_price::text as "claimPrice", insurance_price::text as "insurancePrice"
    from part_infos where part_no in (${sql.join(partNos)})`.execute(db);
  return new Map(rows.map((r) => [r.partNo, r]));
}

/** A part's price for a charge type: retail, claim or insurance (domain.md §1's table). */
export function partPrice(part: PartItem, chargeType: unknown): string {
  const basis = CHARGE_TYPES.find((c) => c.code === chargeType)?.partPrice ?? 'retailPrice';
  return part[basis];
}

interface ServicePackage {
  packageCode: string;
  packageName: string;
  packagePrice: string;
  labourLines: { labourCode: string; stdHours: string }[];
  partLines: { partNo: string; qty: string }[];
}

async function servicePackage(db: Kysely<Database>, ownerCode: string, code: string, today: string): Promise<ServicePackage | undefined> {
  const { rows } = await sql<{ id: number; packageCode: string; packageName: string; packagePrice: string }>`select id, package_code as "packageCode", package_name as "packageName", package_price::text as "packagePrice"
    from service_packages where owner_code = ${ownerCode} and package_code = ${code} and enabled = '1' and valid_from <= ${today} and (valid_to is null or valid_to >= ${today})`.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  const labour = await sql<{ labourCode: string; stdHours: string }>`select labour_code as "labourCode", std_hours::text as "stdHours" from service_package_labour_lines where parent_id = ${found.id} order by line_no`.execute(db);
  const parts = await sql<{ partNo: string; qty: string }>`select part_no as "partNo", qty::text as qty from service_package_part_lines where parent_id = ${found.id} order by line_no`.execute(db);
  return { ...found, labourLines: labour.rows, partLines: parts.rows };
}

/** What the hook needs of the engine's loaded children (to compute a line's amount again once it is complete). */
export interface LineOwners {
  labourLines: LoadedChild;
  partLines: LoadedChild;
}

interface LineContext {
  db: Kysely<Database>;
  ownerCode: string;
  today: string;
  owners: LineOwners;
  problems: string[];
  /** A comeback order: lines sent without a charge type are 内部. */
  comeback: boolean;
  values: RecordValues;
}

const gross = (line: Line, a: string, b: string) => times(dec(line[a]), dec(line[b]));

/**
 * Completes and checks the sent lines of an order (in place: the engine writes the arrays it checked), then the header's
 * amounts. Lines not sent are the stored ones. Line keys of removed lines are answered (their dispatches go with them).
 */
export async function completeLines(context: HookContext, change: WriteChange, owners: LineOwners, ownerCode: string, today: string): Promise<{ removedLabourKeys: string[] }> {
  const { values, input, current, problems } = change;
  const status = String(current?.status ?? RO_STATUS.waiting);
  const sent = Object.fromEntries(CHILDREN.map((name) => [name, Array.isArray(input[name])])) as Record<(typeof CHILDREN)[number], boolean>;
  const stored = (name: string) => ((current?.[name] as Line[] | undefined) ?? []).map((line) => ({ ...line }));
  const removedLabourKeys: string[] = [];

  for (const name of ['labourLines', 'partLines', 'addItems'] as const) if (sent[name]) takeSent(input, name, values[name] as Line[]);
  if (current && !LINES_OPEN.includes(status)) {
    // Frozen: lines sent back as they are pass (with what the server holds), any change is refused.
    for (const name of CHILDREN) {
      if (!sent[name]) continue;
      const lines = values[name] as Line[];
      if (!unchanged(name, lines, stored(name))) problems.push(REPAIR_TEXT.linesFrozen);
      lines.splice(0, lines.length, ...stored(name));
    }
  } else {
    const line: LineContext = { db: context.db, ownerCode, today, owners, problems, comeback: !isBlank(values.reworkOfRoNo), values };
    if (sent.packages) {
      if (sent.labourLines && sent.partLines) await expandPackages(line, stored('packages'), [...stored('labourLines'), ...stored('partLines')]);
      else if (!unchanged('packages', values.packages as Line[], stored('packages'))) problems.push(REPAIR_TEXT.packageWithLines);
    }
    if (sent.labourLines) removedLabourKeys.push(...(await labourLinesOf(line, stored('labourLines'))));
    if (sent.partLines) await partLinesOf(line, stored('partLines'));
    if (sent.addItems) addItemsOf(line);
    checkPackages(line);
  }
  headerAmounts(values);
  return { removedLabourKeys };
}

/**
 * The packages sent: a new one's lines are added to the order, its price spread pro rata over their list values; a
 * package no longer sent takes its lines with it; a package row keeps its name and price.
 */
async function expandPackages(line: LineContext, had: Line[], hadLines: Line[]): Promise<void> {
  const { values, problems } = line;
  const packages = values.packages as Line[];
  const kept = new Map(had.map((p) => [String(p.packageCode), p]));
  const seen = new Set<string>();
  const labour = values.labourLines as Line[];
  const parts = values.partLines as Line[];
  for (const row of packages) {
    const code = String(row.packageCode ?? '');
    if (seen.has(code)) {
      problems.push(REPAIR_TEXT.packageTwice(code));
      continue;
    }
    seen.add(code);
    const old = kept.get(code);
    if (old) {
      Object.assign(row, { packageName: old.packageName, packagePrice: old.packagePrice });
      continue;
    }
    const found = await servicePackage(line.db, line.ownerCode, code, line.today);
    if (!found) {
      problems.push(REPAIR_TEXT.packageUnknown(code));
      continue;
    }
    Object.assign(row, { packageName: found.packageName, packagePrice: found.packagePrice });
    const items = await labourItems(line.db, line.ownerCode, found.labourLines.map((l) => l.labourCode));
    const masters = await partItems(line.db, found.partLines.map((p) => p.partNo));
    const labourRows = found.labourLines.flatMap((l) => {
      const item = items.get(l.labourCode);
      if (!item) problems.push(REPAIR_TEXT.labourUnknown(l.labourCode));
      return item ? [{ labourCode: l.labourCode, labourName: item.labourName, stdHours: l.stdHours, price: item.price, discountRate: '0.0000', chargeType: CHARGE.customer, packageCode: code }] : [];
    });
    const partRows = found.partLines.flatMap((p) => {
      const part = masters.get(p.partNo);
      return part ? [{ partNo: p.partNo, partName: part.partName, qty: p.qty, unitPrice: part.retailPrice, discountRate: '0.0000', chargeType: CHARGE.customer, packageCode: code, warehouseCode: REPAIR_DEFAULTS.defaultWarehouse }] : [];
    });
    const weights = [...labourRows.map((l) => gross(l, 'stdHours', 'price')), ...partRows.map((p) => gross(p, 'qty', 'unitPrice'))];
    const shares = spread(dec(found.packagePrice), weights);
    labourRows.forEach((l, i) => labour.push({ ...l, packageShare: text2(shares[i]!) }));
    partRows.forEach((p, i) => parts.push({ ...p, packageShare: text2(shares[labourRows.length + i]!) }));
  }
  // A package taken off the order takes its lines (known by their keys: the request does not name a line's package).
  const packageOf = new Map(hadLines.map((l) => [String(l.lineKey), l.packageCode]));
  for (const code of kept.keys()) {
    if (seen.has(code)) continue;
    for (const lines of [labour, parts]) {
      const others = lines.filter((l) => (l.packageCode ?? packageOf.get(String(l.lineKey))) !== code);
      lines.splice(0, lines.length, ...others);
    }
  }
}

/** The labour lines: keys, what the server holds, the 工时项目's name, hours and rate; answers the keys removed. */
async function labourLinesOf(line: LineContext, had: Line[]): Promise<string[]> {
  const { values, problems } = line;
  const lines = values.labourLines as Line[];
  const byKey = new Map(had.map((l) => [String(l.lineKey), l]));
  const used = new Set<string>();
  const codes = [...new Set(lines.map((l) => String(l.labourCode ?? '')).filter(Boolean))];
  const items = await labourItems(line.db, line.ownerCode, codes);
  for (const [i, l] of lines.entries()) {
    const key = typeof l.lineKey === 'string' ? l.lineKey : undefined;
    const before = key !== undefined && !used.has(key) ? byKey.get(key) : undefined;
    l.lineKey = before ? key : newKey(new Set([...used, ...byKey.keys()]));
    used.add(String(l.lineKey));
    const item = items.get(String(l.labourCode));
    if (before) {
      Object.assign(l, { lineStatus: before.lineStatus, reworkCount: before.reworkCount, technicianNames: before.technicianNames, packageCode: before.packageCode ?? l.packageCode ?? null, packageShare: before.packageShare ?? l.packageShare ?? null });
      if (before.labourCode !== l.labourCode && STARTED.includes(String(before.lineStatus))) problems.push(REPAIR_TEXT.lineStarted(String(before.labourName)));
      if (before.packageCode && SUBSTANCE.labourLines!.some((f) => f !== 'lineKey' && !same(l[f], before[f]))) problems.push(REPAIR_TEXT.packageLineChanged(String(before.packageCode)));
    } else {
      Object.assign(l, { lineStatus: LINE_STATUS.waiting, reworkCount: 0, technicianNames: null, packageCode: l.packageCode ?? null, packageShare: l.packageShare ?? null });
      if (line.comeback && !SENT_CHARGE.has(l)) l.chargeType = CHARGE.internal;
    }
    if (item) l.labourName = item.labourName;
    else if (before && before.labourCode === l.labourCode) l.labourName = before.labourName;
    else problems.push(REPAIR_TEXT.labourUnknown(String(l.labourCode ?? '')));
    if (isBlank(l.stdHours)) l.stdHours = item?.stdHours ?? before?.stdHours ?? null;
    if (isBlank(l.price)) l.price = item?.price ?? before?.price ?? null;
    if (isBlank(l.discountRate)) l.discountRate = '0.0000';
    compute(line.owners.labourLines, l, values, problems, `维修项目第${i + 1}行：`);
  }
  const removed = had.filter((l) => !used.has(String(l.lineKey)));
  for (const gone of removed) {
    if (STARTED.includes(String(gone.lineStatus))) problems.push(REPAIR_TEXT.startedLineRemoved(String(gone.labourName)));
    else if (gone.packageCode && (values.packages as Line[]).some((p) => p.packageCode === gone.packageCode)) problems.push(REPAIR_TEXT.packageLineChanged(String(gone.packageCode)));
  }
  return removed.map((l) => String(l.lineKey));
}

/** The part lines: keys, issued quantities kept, the master's name and its price by charge type. */
async function partLinesOf(line: LineContext, had: Line[]): Promise<void> {
  const { values, problems } = line;
  const lines = values.partLines as Line[];
  const byKey = new Map(had.map((l) => [String(l.lineKey), l]));
  const used = new Set<string>();
  const masters = await partItems(line.db, [...new Set(lines.map((l) => String(l.partNo ?? '')).filter(Boolean))]);
  for (const [i, l] of lines.entries()) {
    const key = typeof l.lineKey === 'string' ? l.lineKey : undefined;
    const before = key !== undefined && !used.has(key) ? byKey.get(key) : undefined;
    l.lineKey = before ? key : newKey(new Set([...used, ...byKey.keys()]));
    used.add(String(l.lineKey));
    const issued = dec(before?.issuedQty ?? 0);
    Object.assign(l, { issuedQty: before?.issuedQty ?? '0.00', costAmount: before?.costAmount ?? null, packageCode: before?.packageCode ?? l.packageCode ?? null, packageShare: before?.packageShare ?? l.packageShare ?? null });
    if (!before && line.comeback && !SENT_CHARGE.has(l)) l.chargeType = CHARGE.internal;
    if (before?.packageCode && SUBSTANCE.partLines!.some((f) => f !== 'lineKey' && !same(l[f], before[f]))) problems.push(REPAIR_TEXT.packageLineChanged(String(before.packageCode)));
    if (!isZero(issued) && before && before.partNo !== l.partNo) problems.push(REPAIR_TEXT.issuedPartRemoved(String(before.partNo)));
    if (cmp(dec(l.qty), issued) < 0) problems.push(REPAIR_TEXT.issuedBelow(String(l.partNo), String(before?.issuedQty)));
    const master = masters.get(String(l.partNo));
    if (master) {
      l.partName = master.partName;
      l.unitPrice = partPrice(master, l.chargeType);
    }
    if (isBlank(l.discountRate)) l.discountRate = '0.0000';
    if (isBlank(l.warehouseCode)) l.warehouseCode = REPAIR_DEFAULTS.defaultWarehouse;
    compute(line.owners.partLines, l, values, problems, `维修材料第${i + 1}行：`);
  }
  for (const gone of had.filter((l) => !used.has(String(l.lineKey)))) {
    if (!isZero(dec(gone.issuedQty))) problems.push(REPAIR_TEXT.issuedPartRemoved(String(gone.partNo)));
    else if (gone.packageCode && (values.packages as Line[]).some((p) => p.packageCode === gone.packageCode)) problems.push(REPAIR_TEXT.packageLineChanged(String(gone.packageCode)));
  }
}

const ADD_ITEM_NAMES: Record<string, string> = {
  '80341001': '外加工费',
  '80341002': '拖车费',
  '80341003': '代步车费',
  '80341004': '检测费',
  '80341005': '洗车费',
  '80341006': '管理费',
};

function addItemsOf(line: LineContext): void {
  for (const item of line.values.addItems as Line[]) {
    delete item.lineKey;
    if (isBlank(item.itemName)) item.itemName = ADD_ITEM_NAMES[String(item.itemCode)] ?? null;
    if (line.comeback && !SENT_CHARGE.has(item)) item.chargeType = CHARGE.internal;
  }
}

/** Each package's lines add up to its price (their amounts are its spread shares). */
function checkPackages(line: LineContext): void {
  const { values, problems } = line;
  const lines = [...(values.labourLines as Line[]), ...(values.partLines as Line[])];
  for (const p of (values.packages as Line[] | undefined) ?? []) {
    if (isBlank(p.packagePrice)) continue;
    const own = lines.filter((l) => l.packageCode === p.packageCode);
    if (own.length > 0 && cmp(sumOf(own, 'amount'), dec(p.packagePrice)) !== 0) problems.push(REPAIR_TEXT.packageLineChanged(String(p.packageName ?? p.packageCode)));
  }
}

/** The header's amounts from the lines (as they will be stored): by kind, by payer, the discounts, the tax, and the counts
 * the transitions' guards read. Taken in whole fen (a line's list value in 1/10,000 yuan, its discount then rounded). */
export function headerAmounts(values: RecordValues): void {
  const labour = (values.labourLines as Line[] | undefined) ?? [];
  const parts = (values.partLines as Line[] | undefined) ?? [];
  const extras = (values.addItems as Line[] | undefined) ?? [];
  const payers: Record<string, number> = { customerAmount: 0, warrantyAmount: 0, insuranceAmount: 0, internalAmount: 0, freeAmount: 0 };
  let discount = 0;
  let customerDiscount = 0;
  const add = (chargeType: unknown, amount: number, lineDiscount: number) => {
    const payer = PAYER_AMOUNT[String(chargeType)] ?? 'customerAmount';
    payers[payer] = payers[payer]! + amount;
    discount += lineDiscount;
    if (payer === 'customerAmount') customerDiscount += lineDiscount;
  };
  // A line's list value (hours × rate, quantity × price: 4 places) less its amount, rounded half up to fen.
  const lineDiscount = (line: Line, a: string, b: string, amount: number) => {
    const listValue = units(line[a], 2) * units(line[b], 2);
    const off = listValue - amount * 100;
    return off >= 0 ? divideHalfUp(off, 100) : -divideHalfUp(-off, 100);
  };
  const sum = (lines: Line[], a: string | null, b: string | null) => {
    let total = 0;
    for (const line of lines) {
      const amount = units(line.amount, 2);
      total += amount;
      add(line.chargeType, amount, a && b ? lineDiscount(line, a, b, amount) : 0);
    }
    return total;
  };
  const labourAmount = sum(labour, 'stdHours', 'price');
  const partAmount = sum(parts, 'qty', 'unitPrice');
  const addItemAmount = sum(extras, null, null);
  const total = labourAmount + partAmount + addItemAmount;
  // Tax-inclusive: exTax = round(total / (1 + rate), 2), tax = total − exTax.
  const rate = units(REPAIR_DEFAULTS.taxRate, 4);
  const exTax = total >= 0 ? divideHalfUp(total * 10_000, 10_000 + rate) : -divideHalfUp(-total * 10_000, 10_000 + rate);
  Object.assign(values, {
    labourAmount: fenText(labourAmount),
    partAmount: fenText(partAmount),
    addItemAmount: fenText(addItemAmount),
    totalAmount: fenText(total),
    discountAmount: fenText(discount),
    customerDiscount: fenText(customerDiscount),
    taxAmount: fenText(total - exTax),
    ...Object.fromEntries(Object.entries(payers).map(([k, v]) => [k, fenText(v)])),
    unassignedLines: labour.filter((l) => l.lineStatus === LINE_STATUS.waiting).length,
    openLines: labour.filter((l) => l.lineStatus !== LINE_STATUS.passed).length,
  });
}
