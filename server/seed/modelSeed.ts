// Demo data for every model with `seed.perDealer`, made from its fields' seed hints (issue 18): Chinese names, valid
// mobile numbers, VINs with their check digit, plates of the dealer's city, resident ID numbers, picks, ranges, days
// before the seed's anchor date, staff of the dealer holding a position, a code of each dictionary. The state field is
// spread over the states, and a row holds exactly what its state implies: the fields the transitions on its way from
// the initial state require or set are filled (times one after another, guards such as endMileage >= startMileage
// holding), the fields of the other transitions stay empty. Numbers come from the model's naming series, counted per
// prefix in creation order, so the engine's counters continue after them. Deterministic: the same anchor date and
// scale give the same rows; each model draws from its own random stream. Rows are written in multi-row inserts.
import { sql, type Kysely } from 'kysely';
import type { Field, Model, Transition } from '../../schemas/model/model.types';
import { evaluateExpression } from '../../schemas/expression/expression';
import { idCardCheckChar, vinCheckDigit } from '../../schemas/formats/formats';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { snake, tableOfChild, tableOfModel, type TableSpec } from '../models/columns';
import { beijingInstant, checkFieldValue, isBlank, toColumn } from '../models/fieldValues';
import type { LoadedChild, LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';
import { seriesPrefix } from '../models/namingSeries';
import { DEALERS, GIVEN_NAMES, SERIES, SURNAMES, VIN_PLANTS, VIN_WMI, VIN_YEAR_CODES } from './catalogue';
import { SeededRandom } from './random';

export const MODEL_SEED = 20261122;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Rows per insert statement (well under PostgreSQL's 65,535 parameters for any model's column count). */
const INSERT_ROWS = 500;
/** Attempts at drawing a row whose transition guards hold before giving up on the model. */
const GUARD_ATTEMPTS = 50;
/** Opening hours of the times drawn for datetime fields: 09:00-17:30 in half hours. */
const FIRST_SLOT = 18;
const LAST_SLOT = 35;

/** Who works where: user ids by dealer and position code ('' holds every user of the dealer). */
export type DealerStaff = ReadonlyMap<string, ReadonlyMap<string, readonly number[]>>;

export interface ModelSeedOptions {
  /** The last day of the demo history, YYYY-MM-DD (Beijing time). */
  anchorDate: string;
  /** SEED_SCALE: each model's rows per dealer are seed.perDealer times this (rounded). */
  scale?: number;
  seed?: number;
  /** The dealers' codes (every dealer of the demo world). */
  dealers: readonly string[];
  staff: DealerStaff;
  /** Dictionary type -> its codes. */
  dictionary: ReadonlyMap<string, readonly string[]>;
}

/** A seeded record: its owner, field values in answer form (as the engine answers them), times and lines. */
export interface SeededRecord {
  ownerCode: string | null;
  values: RecordValues;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
  lines: Map<string, RecordValues[]>;
}

/** A stable number of a name, to give each model its own random stream. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const ch of text) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** Midnight of a YYYY-MM-DD day, Beijing wall clock, as epoch ms of the same wall clock in UTC (formatting is UTC). */
function wallDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`种子日期格式不正确：${day}（应为 YYYY-MM-DD）`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A wall-clock epoch (see wallDay) as Beijing 'YYYY-MM-DD HH:mm:ss'. */
const wallText = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The transitions from the initial state to `state` (the shortest way), or undefined when it cannot be reached. */
function pathTo(model: Model, state: string): Transition[] | undefined {
  const states = model.states!;
  const seen = new Map<string, Transition[]>([[states.initial, []]]);
  const queue = [states.initial];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === state) return seen.get(at);
    for (const transition of states.transitions) {
      if (!transition.from.includes(at) || seen.has(transition.to)) continue;
      seen.set(transition.to, [...seen.get(at)!, transition]);
      queue.push(transition.to);
    }
  }
  return undefined;
}

/** The states to spread rows over: the state field's pick hint (its weights), else every reachable state once. */
function stateWeights(loaded: LoadedModel): string[] {
  const states = loaded.model.states!;
  const hint = loaded.fields.get(states.field)?.seed;
  const picked = typeof hint === 'object' && hint.pick ? hint.pick.map(String) : undefined;
  const all = [states.initial, ...states.transitions.map((t) => t.to)];
  return (picked ?? [...new Set(all)]).filter((s) => pathTo(loaded.model, s) !== undefined);
}

class RecordMaker {
  private readonly random: SeededRandom;
  private readonly anchor: number;
  private readonly unique = new Map<string, Set<string>>();

  constructor(
    private readonly loaded: LoadedModel,
    private readonly options: ModelSeedOptions,
  ) {
    this.random = new SeededRandom((options.seed ?? MODEL_SEED) ^ hashOf(loaded.model.name));
    this.anchor = wallDay(options.anchorDate);
  }

  /** The model's rows: perDealer x scale for each dealer (once in all for a model without an owner). */
  records(): SeededRecord[] {
    const { model } = this.loaded;
    const count = Math.round((model.seed?.perDealer ?? 0) * (this.options.scale ?? 1));
    const owners = model.scope === 'owner' || model.scope === 'org' ? this.options.dealers : [null];
    const records: SeededRecord[] = [];
    for (const owner of owners) for (let n = 1; n <= count; n++) records.push(this.record(owner, n));
    this.assignNumbers(records);
    return records;
  }

  private record(ownerCode: string | null, n: number): SeededRecord {
    const { model } = this.loaded;
    const states = model.states;
    const state = states ? this.random.pick(stateWeights(this.loaded)) : undefined;
    const path = states && state ? pathTo(model, state)! : [];
    // Fields that belong to a transition: only those on the row's way to its state hold a value.
    const onPath = new Set(path.flatMap((t) => [...(t.requires ?? []), ...Object.keys(t.sets ?? {})]));
    const offPath = new Set((states?.transitions ?? []).flatMap((t) => [...(t.requires ?? []), ...Object.keys(t.sets ?? {})]).filter((f) => !onPath.has(f)));
    // Dates of a row still in its first state lean to the days ahead; of a row on its way (an open state) to the last
    // day or two; of a row whose state is final, to the past: a planned drive is upcoming, a finished one is history.
    const final = states !== undefined && state !== undefined && !states.transitions.some((t) => t.from.includes(state));
    const phase: DatePhase = !states ? 'any' : path.length === 0 ? 'initial' : final ? 'final' : 'open';

    for (let attempt = 1; ; attempt++) {
      const values: RecordValues = {};
      for (const field of this.loaded.fields.values()) {
        if (field.name === model.naming?.field) continue;
        if (states && field.name === states.field) {
          values[field.name] = state;
          continue;
        }
        if (offPath.has(field.name) || path.some((t) => t.sets && Object.hasOwn(t.sets, field.name))) {
          values[field.name] = field.default !== undefined && typeof field.default !== 'string' ? field.default : typeof field.default === 'string' && !field.default.startsWith('$') ? field.default : null;
          continue;
        }
        // A value relative to another field waits for it (second pass below).
        if (typeof field.seed === 'object' && field.seed.after !== undefined) continue;
        values[field.name] = this.value(field, ownerCode, n, values, phase);
      }
      for (const field of this.loaded.fields.values()) {
        if (typeof field.seed === 'object' && field.seed.after !== undefined && !Object.hasOwn(values, field.name)) values[field.name] = this.value(field, ownerCode, n, values, phase);
      }
      // What the transitions on the way record, one moment after another from the record's own time.
      let moment = this.baseTime(values);
      // Registered up to three days before, in opening hours, never after the anchor day.
      let createdAt = moment - this.random.int(0, 3) * DAY_MS;
      createdAt = createdAt - (createdAt % DAY_MS) + this.random.int(FIRST_SLOT, LAST_SLOT) * 30 * MINUTE_MS;
      if (createdAt > moment) createdAt -= DAY_MS;
      if (createdAt > this.anchor + LAST_SLOT * 30 * MINUTE_MS) createdAt = this.anchor + this.random.int(FIRST_SLOT, LAST_SLOT) * 30 * MINUTE_MS;
      let createdBy = this.someStaff(ownerCode);
      for (const [step, transition] of path.entries()) {
        moment += this.random.int(step === 0 ? 0 : 20, step === 0 ? 20 : 60) * MINUTE_MS;
        for (const [name, set] of Object.entries(transition.sets ?? {})) {
          const field = this.loaded.fields.get(name);
          if (!field) continue;
          values[name] = set === '$now' ? wallText(moment) : set === '$today' ? wallText(moment).slice(0, 10) : set === '$user.id' ? this.someStaff(ownerCode) : set;
        }
      }
      const userField = [...this.loaded.fields.values()].find((f) => typeof f.seed === 'object' && f.seed.staff !== undefined && !isBlank(values[f.name]));
      if (userField) createdBy = Number(values[userField.name]);
      const lines = this.lines(ownerCode, phase);
      this.compute(values, lines);
      const guardsHold = path.every((t) => !t.guard || evaluateExpression(t.guard, values, { exact: true }) === true);
      if (guardsHold) {
        for (const [name, taken] of this.unique) taken.add(String(values[name]));
        const updatedAt = path.length > 0 ? Math.max(createdAt, moment) : createdAt;
        return { ownerCode, values, createdAt: wallText(createdAt), updatedAt: wallText(updatedAt), createdBy, lines };
      }
      if (attempt >= GUARD_ATTEMPTS) throw new Error(`模型 ${model.name} 的演示数据无法满足流转条件：${path.map((t) => t.guard).filter(Boolean).join('；')}`);
    }
  }

  /** The time the record's transitions start from: its first datetime or date field with a value, else the anchor. */
  private baseTime(values: RecordValues): number {
    for (const field of this.loaded.fields.values()) {
      if ((field.type !== 'datetime' && field.type !== 'date') || isBlank(values[field.name])) continue;
      const text = String(values[field.name]);
      return wallDay(text.slice(0, 10)) + (text.length > 10 ? (Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16))) * MINUTE_MS : 9 * 60 * MINUTE_MS);
    }
    return this.anchor + 9 * 60 * MINUTE_MS;
  }

  private someStaff(ownerCode: string | null): number | null {
    const all = ownerCode ? this.options.staff.get(ownerCode)?.get('') : undefined;
    return all && all.length > 0 ? this.random.pick(all) : null;
  }

  /** One field's value from its hint (or, without one, what its type suggests), in answer form. */
  private value(field: Field, ownerCode: string | null, n: number, values: RecordValues, phase: DatePhase): unknown {
    const hint = field.seed;
    if (hint === 'skip') return null;
    if (field.unique === true || field.unique === 'owner') {
      const taken = this.unique.get(field.name) ?? new Set<string>();
      this.unique.set(field.name, taken);
      for (let i = 0; i < 1000; i++) {
        const value = this.drawn(field, ownerCode, n, values, phase);
        if (isBlank(value) || !taken.has(String(value))) return value;
      }
      throw new Error(`模型 ${this.loaded.model.name} 的字段 ${field.name} 演示数据无法取得不重复的值`);
    }
    return this.drawn(field, ownerCode, n, values, phase);
  }

  private drawn(field: Field, ownerCode: string | null, n: number, values: RecordValues, phase: DatePhase): unknown {
    const hint = field.seed;
    const random = this.random;
    const many = (make: () => unknown) => (field.multiple ? [make()] : make());
    if (typeof hint === 'string') {
      switch (hint) {
        case 'personName':
          return `${random.pick(SURNAMES)}${random.pick(GIVEN_NAMES)}`;
        case 'mobile':
          return `1${random.pick(['3', '5', '7', '8', '9'])}${random.chars('0123456789', 9)}`;
        case 'vin':
          return makeVin(random, this.anchor);
        case 'plate':
          return makePlate(random, ownerCode);
        case 'idCard':
          return makeIdCard(random, ownerCode, this.anchor);
        case 'staff':
          return this.someStaff(ownerCode);
        default:
          return null;
      }
    }
    if (hint) {
      if (hint.pick) return many(() => random.pick(hint.pick!));
      if (hint.staff !== undefined) {
        const staff = ownerCode ? this.options.staff.get(ownerCode)?.get(hint.staff) : undefined;
        return staff && staff.length > 0 ? random.pick(staff) : null;
      }
      if (hint.range) {
        const base = hint.after !== undefined ? values[hint.after] : 0;
        if (hint.after !== undefined && isBlank(base)) return null;
        return this.numeric(field, Number(base) + (field.type === 'int' ? random.int(hint.range[0], hint.range[1]) : random.amount(hint.range[0], hint.range[1])));
      }
      if (hint.daysAgo) return this.day(field, hint.daysAgo, phase);
      if (hint.text !== undefined) return hint.text.replaceAll('{n}', String(n)).replaceAll('{ownerCode}', ownerCode ?? '');
    }
    // No hint: what the type suggests, for the fields that must have a value and for dictionaries.
    if (field.type === 'dict' && field.dict) {
      const codes = this.options.dictionary.get(field.dict) ?? [];
      return codes.length > 0 ? many(() => random.pick(codes)) : null;
    }
    if (field.default !== undefined && !(typeof field.default === 'string' && field.default.startsWith('$'))) return field.default;
    if (!field.required) return field.multiple ? [] : null;
    switch (field.type) {
      case 'int':
      case 'decimal':
      case 'money':
        return this.numeric(field, random.int(Math.max(0, field.min ?? 0), Math.min(field.max ?? 100, 100)));
      case 'date':
      case 'datetime':
        return this.day(field, [0, 90], phase);
      case 'boolean':
        return random.chance(0.5);
      case 'ref':
        return field.ref?.table === 'users' ? this.someStaff(ownerCode) : null;
      case 'string':
      case 'text':
        return `${field.label}${n}`.slice(0, field.length ?? 100);
      default:
        return null;
    }
  }

  /** A number as the field holds it: whole for int, exact text with the field's scale for decimals and money. */
  private numeric(field: Field, value: number): unknown {
    if (field.type === 'int') return Math.round(value);
    return value.toFixed(field.scale ?? 2);
  }

  /** A day `daysAgo` before the anchor (negative: after it), by the row's phase; datetimes get an opening-hours time. */
  private day(field: Field, [from, to]: readonly number[], phase: DatePhase): string {
    const [lo, hi] = [Math.min(from!, to!), Math.max(from!, to!)];
    const past = Math.min(Math.max(lo, 0), hi);
    const range: [number, number] =
      phase === 'initial' ? [lo, Math.max(lo, Math.min(hi, 2))] : phase === 'open' ? [past, Math.max(past, Math.min(hi, 1))] : phase === 'final' ? [Math.min(Math.max(lo, 1), hi), hi] : [lo, hi];
    const day = this.anchor - this.random.int(range[0], range[1]) * DAY_MS;
    if (field.type === 'date') return wallText(day).slice(0, 10);
    return wallText(day + this.random.int(FIRST_SLOT, LAST_SLOT) * 30 * MINUTE_MS);
  }

  /** Child lines: seed.childRows [min, max] per record, each line from its fields' hints. */
  private lines(ownerCode: string | null, phase: DatePhase): Map<string, RecordValues[]> {
    const lines = new Map<string, RecordValues[]>();
    const [min, max] = this.loaded.model.seed?.childRows ?? [0, 0];
    for (const child of this.loaded.children) {
      const rows: RecordValues[] = [];
      for (let n = 1, count = this.random.int(min, max); n <= count; n++) {
        const line: RecordValues = {};
        for (const field of child.fields.values()) line[field.name] = field.compute === undefined ? this.drawn(field, ownerCode, n, line, phase) : null;
        rows.push(line);
      }
      lines.set(child.child.name, rows);
    }
    return lines;
  }

  /** Computed fields, as the engine computes them: each line first, then the record over its lines. */
  private compute(values: RecordValues, lines: Map<string, RecordValues[]>): void {
    for (const child of this.loaded.children) for (const line of lines.get(child.child.name) ?? []) computeInto(child.fields.values(), line, line);
    computeInto(this.loaded.fields.values(), values, { ...values, ...Object.fromEntries(lines) });
  }

  /** Numbers from the naming series: per prefix (of the creation day), in creation order. */
  private assignNumbers(records: SeededRecord[]): void {
    const naming = this.loaded.model.naming;
    if (!naming) return;
    const ordered = records.map((record, index) => ({ record, index })).sort((a, b) => a.record.createdAt.localeCompare(b.record.createdAt) || a.index - b.index);
    const counters = new Map<string, number>();
    for (const { record } of ordered) {
      const at = beijingInstant(record.createdAt)!;
      const { prefix, digits } = seriesPrefix(naming.series, { ...record.values, ownerCode: record.ownerCode }, at);
      const seq = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, seq);
      record.values[naming.field] = `${prefix}${String(seq).padStart(digits, '0')}`;
    }
  }
}

/** Where a row's dates fall within their hint's range: by its state (see record), or anywhere without states. */
type DatePhase = 'any' | 'initial' | 'open' | 'final';

function computeInto(fields: Iterable<Field>, target: RecordValues, scope: RecordValues): void {
  for (const field of fields) {
    if (field.compute === undefined) continue;
    const checked = checkFieldValue(field, evaluateExpression(field.compute, { ...scope, ...target }, { exact: true }));
    target[field.name] = checked.ok ? (checked.value instanceof Date ? formatDateTime(checked.value) : checked.value) : null;
  }
}

const VIN_SERIAL = '0123456789';

/** A VIN of one of the demo brand's series, built this year or the two before, with its check digit. */
function makeVin(random: SeededRandom, anchor: number): string {
  const series = random.pick(SERIES);
  const year = new Date(anchor).getUTCFullYear() - random.int(0, 2);
  const draft = `${VIN_WMI}${series.vds}0${VIN_YEAR_CODES[year] ?? 'T'}${random.pick(VIN_PLANTS.split(''))}${random.chars(VIN_SERIAL, 6)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A plate of the dealer's city; one in five a new-energy plate (8 characters). */
function makePlate(random: SeededRandom, ownerCode: string | null): string {
  const prefixes = DEALERS.find((d) => d.orgCode === ownerCode)?.platePrefixes ?? ['京A'];
  const prefix = random.pick(prefixes);
  if (random.chance(0.2)) return `${prefix}${random.pick(['D', 'F'])}${random.chars(`${PLATE_LETTERS}0123456789`, 1)}${random.chars('0123456789', 4)}`;
  const body = random.chars('0123456789', 5).split('');
  for (let i = random.int(0, 2); i > 0; i--) body[random.int(0, 3)] = random.chars(PLATE_LETTERS, 1);
  return `${prefix}${body.join('')}`;
}

/** Region codes (first six digits of a resident ID) of the demo dealers' cities. */
const ID_REGIONS: Record<string, string[]> = {
  北京市: ['110105', '110108', '110112', '110106'],
  天津市: ['120103', '120104', '120116'],
  上海市: ['310115', '310112', '310104'],
  南京市: ['320106', '320115', '320105'],
  广州市: ['440106', '440104', '440113'],
  深圳市: ['440305', '440304', '440306'],
  长沙市: ['430121', '430104', '430111'],
};

/** A resident ID of someone aged 20 to 60 from the dealer's city, with its check character. */
function makeIdCard(random: SeededRandom, ownerCode: string | null, anchor: number): string {
  const city = DEALERS.find((d) => d.orgCode === ownerCode)?.cityName ?? '北京市';
  const region = random.pick(ID_REGIONS[city] ?? ID_REGIONS['北京市']!);
  const birth = new Date(anchor - random.int(20 * 365, 60 * 365) * DAY_MS);
  const date = `${birth.getUTCFullYear()}${String(birth.getUTCMonth() + 1).padStart(2, '0')}${String(birth.getUTCDate()).padStart(2, '0')}`;
  const draft = `${region}${date}${random.chars('0123456789', 3)}`;
  return `${draft}${idCardCheckChar(`${draft}0`)}`;
}

/** The rows of every model with seed.perDealer (pure: no database). */
export function buildModelRecords(models: readonly LoadedModel[], options: ModelSeedOptions): Map<string, SeededRecord[]> {
  const out = new Map<string, SeededRecord[]>();
  for (const loaded of models) {
    if (!loaded.model.seed?.perDealer) continue;
    out.set(loaded.model.name, new RecordMaker(loaded, options).records());
  }
  return out;
}

/** A field's answer-form value as its column takes it (datetimes as the Beijing instant). */
function columnValue(field: Field, value: unknown): unknown {
  if (field.type === 'datetime' && typeof value === 'string') return beijingInstant(value) ?? null;
  return toColumn(field, value);
}

async function insertRows(db: Kysely<Database>, spec: TableSpec, rows: RecordValues[], returning: string[]): Promise<RecordValues[]> {
  if (rows.length === 0) return [];
  const names = spec.columns.map((c) => c.name).filter((name) => name !== 'id' && Object.hasOwn(rows[0]!, name));
  const answered: RecordValues[] = [];
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const batch = rows.slice(i, i + INSERT_ROWS);
    const values = batch.map((row) => sql`(${sql.join(names.map((name) => row[name] ?? null))})`);
    const tail = returning.length > 0 ? sql` returning ${sql.join(returning.map((name) => sql.id(snake(name))))}` : sql``;
    const result = await sql<RecordValues>`insert into ${sql.table(snake(spec.table))} (${sql.join(names.map((n) => sql.id(snake(n))))}) values ${sql.join(values)}${tail}`.execute(db);
    answered.push(...result.rows);
  }
  return answered;
}

/** Writes the rows of every model with seed.perDealer; answers the row counts by model name. */
export async function seedModels(db: Kysely<Database>, models: readonly LoadedModel[], options: ModelSeedOptions): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const built = buildModelRecords(models, options);
  for (const loaded of models) {
    const records = built.get(loaded.model.name);
    if (!records) continue;
    const spec = tableOfModel(loaded);
    const rows = records.map((record) => {
      const row: RecordValues = {};
      for (const field of loaded.fields.values()) row[field.name] = columnValue(field, record.values[field.name]);
      if (loaded.model.scope === 'owner') row.ownerCode = record.ownerCode;
      if (loaded.model.scope === 'org') row.orgCode = record.ownerCode;
      row.createdAt = beijingInstant(record.createdAt);
      row.updatedAt = beijingInstant(record.updatedAt);
      row.createdBy = record.createdBy;
      row.updatedBy = record.createdBy;
      return row;
    });
    if (loaded.model.scope === 'org' && !spec.columns.some((c) => c.name === 'orgCode')) spec.columns.push({ name: 'orgCode', kind: 'varchar', notNull: true, label: 'orgCode' });
    const ids = await insertRows(db, spec, rows, loaded.children.length > 0 ? ['id'] : []);
    for (const child of loaded.children) await insertLines(db, loaded, child, records, ids);
    counts[loaded.model.name] = records.length;
  }
  return counts;
}

async function insertLines(db: Kysely<Database>, loaded: LoadedModel, child: LoadedChild, records: SeededRecord[], ids: RecordValues[]): Promise<void> {
  const rows: RecordValues[] = [];
  records.forEach((record, index) => {
    (record.lines.get(child.child.name) ?? []).forEach((line, n) => {
      const row: RecordValues = { parentId: ids[index]!.id, lineNo: n + 1 };
      for (const field of child.fields.values()) row[field.name] = columnValue(field, line[field.name]);
      rows.push(row);
    });
  });
  await insertRows(db, tableOfChild(loaded, child), rows, []);
}
