// Demo rows from the models' seed hints (server/seed/modelSeed.ts): deterministic, valid by the engine's own checks, and
// consistent with each row's state.
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../schemas/expression/expression';
import { isValidIdCard, isValidMobile, isValidPlate, isValidVin } from '../../schemas/formats/formats';
import { checkFieldValue, isBlank } from '../../server/models/fieldValues';
import { readFileSync } from 'node:fs';
import type { Model } from '../../schemas/model/model.types';
import { loadedModel, type LoadedModel } from '../../server/models/modelCatalogue';
import { seriesPrefix } from '../../server/models/namingSeries';
import { beijingInstant } from '../../server/models/fieldValues';
import { DEALERS, DICTIONARY } from '../../server/seed/catalogue';
import { buildModelRecords, type ModelSeedOptions, type SeededRecord } from '../../server/seed/modelSeed';

const ANCHOR = '2026-06-30';
// The seed hints are tested on a model of their own: 试驾登记 as it was before the sales area seeded its funnel itself
// (server/seed/salesSeed.ts), every kind of hint and a state flow with guards.
const FIXTURE = 'tests/fixtures/models/sales/testDrive.json';
const testDrive = loadedModel(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Model, FIXTURE, 'sales');
const models: LoadedModel[] = [testDrive];

/** Staff ids by dealer and position, as the seed's world gives them (three consultants, one of each other position). */
function staffOf(): ModelSeedOptions['staff'] {
  let id = 100;
  const staff = new Map<string, Map<string, number[]>>();
  for (const dealer of DEALERS) {
    const byPosition = new Map<string, number[]>([['', []]]);
    for (const [position, count] of [['XSGW', 3], ['SCY', 1], ['FWGW', 3]] as const) {
      const ids = Array.from({ length: count }, () => ++id);
      byPosition.set(position, ids);
      byPosition.get('')!.push(...ids);
    }
    staff.set(dealer.orgCode, byPosition);
  }
  return staff;
}

const dictionary = new Map<string, string[]>();
for (const entry of DICTIONARY) dictionary.set(entry.type, [...(dictionary.get(entry.type) ?? []), entry.codeId]);
const options = (overrides: Partial<ModelSeedOptions> = {}): ModelSeedOptions => ({
  anchorDate: ANCHOR,
  dealers: DEALERS.map((d) => d.orgCode),
  staff: staffOf(),
  dictionary,
  ...overrides,
});
const drives = (overrides: Partial<ModelSeedOptions> = {}): SeededRecord[] => buildModelRecords(models, options(overrides)).get('testDrive')!;

/** The transitions from the initial state to `state`. */
function pathTo(loaded: LoadedModel, state: string): string[] {
  const states = loaded.model.states!;
  const walk = (at: string, seen: string[]): string[] | undefined => {
    if (at === state) return seen;
    for (const t of states.transitions) if (t.from.includes(at) && !seen.includes(t.name)) {
      const found = walk(t.to, [...seen, t.name]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(states.initial, [])!;
}

describe('demo rows from the models\' seed hints', () => {
  const rows = drives();

  it('seeds perDealer rows for every dealer, scaled by SEED_SCALE, the same for the same anchor date', () => {
    expect(rows).toHaveLength(DEALERS.length * testDrive.model.seed!.perDealer!);
    expect(JSON.stringify(drives())).toBe(JSON.stringify(rows));
    expect(JSON.stringify(drives({ anchorDate: '2026-07-31' }))).not.toBe(JSON.stringify(rows));
    expect(drives({ scale: 2.5 })).toHaveLength(DEALERS.length * Math.round(testDrive.model.seed!.perDealer! * 2.5));
    expect(drives({ scale: 0 })).toHaveLength(0);
    // Only models that ask for demo rows get them.
    expect([...buildModelRecords(models, options()).keys()]).toEqual(models.filter((m) => m.model.seed?.perDealer).map((m) => m.model.name));
  });

  it('passes the engine\'s checks: every value as the engine would accept it, required fields set, dictionary codes known', () => {
    for (const row of rows) {
      for (const field of testDrive.fields.values()) {
        const value = row.values[field.name];
        const checked = checkFieldValue(field, value);
        expect(checked.ok, `${field.name} = ${String(value)}: ${checked.ok ? '' : checked.problem}`).toBe(true);
        if (field.required) expect(isBlank(value), `${field.name} required`).toBe(false);
        if (field.type === 'dict' && !isBlank(value)) expect(dictionary.get(field.dict!)).toContain(value);
      }
    }
  });

  it('makes valid and realistic values: Chinese names, mobiles, VINs with check digit, plates of the dealer\'s city, ID numbers', () => {
    for (const row of rows) {
      const v = row.values as Record<string, string>;
      expect(v.customerName).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(isValidMobile(v.phone!), v.phone).toBe(true);
      expect(isValidVin(v.carVin!), v.carVin).toBe(true);
      expect(isValidPlate(v.plateNo!), v.plateNo).toBe(true);
      expect(DEALERS.find((d) => d.orgCode === row.ownerCode)!.platePrefixes.some((p) => v.plateNo!.startsWith(p))).toBe(true);
      expect(isValidIdCard(v.idCardNo!), v.idCardNo).toBe(true);
      if (!isBlank(v.licenseNo)) expect(isValidIdCard(v.licenseNo!), v.licenseNo).toBe(true);
      // The consultant is one of the dealer's consultants; the specialist one of its SCY.
      const staff = staffOf().get(row.ownerCode!)!;
      expect(staff.get('XSGW')).toContain(row.values.consultantId);
      if (!isBlank(row.values.staffId)) expect(staff.get('SCY')).toContain(row.values.staffId);
    }
  });

  it('spreads rows over the states, each holding exactly what its state implies', () => {
    const states = new Set(rows.map((r) => r.values.status));
    expect([...states].sort()).toEqual(['83011001', '83011002', '83011003', '83011004']);
    const transitions = testDrive.model.states!.transitions;
    const touched = (names: string[]) => new Set(transitions.filter((t) => names.includes(t.name)).flatMap((t) => [...(t.requires ?? []), ...Object.keys(t.sets ?? {})]));
    const all = touched(transitions.map((t) => t.name));
    for (const row of rows) {
      const path = pathTo(testDrive, String(row.values.status));
      const filled = touched(path);
      for (const name of all) {
        const value = row.values[name];
        // On the way to the row's state: set. Of another transition: empty (a flag keeps its default '0').
        if (filled.has(name)) expect(isBlank(value), `${row.values.status}: ${name}`).toBe(false);
        else expect(testDrive.fields.get(name)!.default !== undefined ? value === testDrive.fields.get(name)!.default : isBlank(value), `${row.values.status}: ${name} = ${String(value)}`).toBe(true);
      }
      for (const t of transitions) if (path.includes(t.name) && t.guard) expect(evaluateExpression(t.guard, row.values, { exact: true })).toBe(true);
      const v = row.values as Record<string, string | number | null>;
      if (v.status === '83011003') {
        // Finished: the drive started after it was planned, ended 20-60 minutes later, a few kilometres on.
        expect(v.actualStart! >= v.planStart!).toBe(true);
        expect(v.actualEnd! > v.actualStart!).toBe(true);
        expect(Number(v.endMileage) - Number(v.startMileage)).toBeGreaterThanOrEqual(3);
        expect(Number(v.endMileage) - Number(v.startMileage)).toBeLessThanOrEqual(40);
        expect(v.agreementSigned).toBe('1');
      }
      if (v.status === '83011001') expect([v.actualStart, v.actualEnd, v.startMileage, v.feedback, v.cancelReason]).toEqual([null, null, null, null, null]);
      // Finished and cancelled drives lie in the past; a planned one no earlier than two days ago.
      if (v.status === '83011003') expect(String(v.planStart) < ANCHOR).toBe(true);
      if (v.status === '83011001') expect(String(v.planStart) >= '2026-06-28').toBe(true);
      expect(row.createdAt <= row.updatedAt).toBe(true);
      expect(row.createdAt <= `${ANCHOR} 23:59:59`).toBe(true);
    }
  });

  it('numbers the rows from the naming series, per dealer and creation day, without gaps or duplicates', () => {
    const numbers = rows.map((r) => String(r.values.driveNo));
    expect(new Set(numbers).size).toBe(rows.length);
    const byPrefix = new Map<string, number[]>();
    for (const row of rows) {
      const { prefix } = seriesPrefix(testDrive.model.naming!.series, { ownerCode: row.ownerCode }, beijingInstant(row.createdAt)!);
      const number = String(row.values.driveNo);
      expect(number.startsWith(prefix), `${number} ${prefix}`).toBe(true);
      expect(prefix).toMatch(/^SJD\d{5}\d{6}$/);
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), Number(number.slice(prefix.length))]);
    }
    for (const seqs of byPrefix.values()) expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
  });
});
