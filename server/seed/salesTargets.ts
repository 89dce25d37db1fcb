// The demo sales targets: every dealer, every model, each month of the anchor's year up to the month after the anchor.
// Figures follow the series' share of sales and the dealer's size, with a seasonal swing; deterministic, like the world.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEALERS, MATERIAL_TREE, SERIES } from './catalogue';

/** Chinese new year and the autumn are the strong months of car sales. */
const SEASON = [1.2, 0.8, 1.0, 1.0, 1.0, 0.9, 0.9, 1.0, 1.1, 1.2, 1.1, 1.3];

/** Every model of the material tree with its series' share of sales, in the tree's order. */
export const TARGET_MODELS = MATERIAL_TREE.flatMap((brand) =>
  brand.children.flatMap((series) => series.children.map((model) => ({ code: model.code, weight: SERIES.find((s) => s.seriesName === series.name)?.weight ?? 1 }))),
);

/** The retail target (units) of dealer d (its index in DEALERS) for model i (in TARGET_MODELS) in month m (0 = January).
 * The sales demo (salesSeed.ts) delivers 85–105% of it, for the months of earlier years too. */
export function retailTargetOf(d: number, i: number, m: number): number {
  return Math.round(TARGET_MODELS[i]!.weight * (4 + ((d * 7 + i * 3) % 5)) * SEASON[m]!);
}

export function demoSalesTargets(anchorDate: string) {
  const year = Number(anchorDate.slice(0, 4));
  const lastMonth = Math.min(12, Number(anchorDate.slice(5, 7)) + 1);
  return DEALERS.flatMap((dealer, d) =>
    Array.from({ length: lastMonth }, (_, m) => {
      const targetMonth = `${year}-${String(m + 1).padStart(2, '0')}`;
      return TARGET_MODELS.map((model, i) => {
        const retailTarget = retailTargetOf(d, i, m);
        return { ownerCode: dealer.orgCode, targetMonth, modelCode: model.code, retailTarget, wholesaleTarget: retailTarget + 2 + ((d + i + m) % 4), remark: null };
      });
    }).flat(),
  );
}

export async function seedSalesTargets(tx: Kysely<Database>, anchorDate: string): Promise<void> {
  const rows = demoSalesTargets(anchorDate);
  for (let i = 0; i < rows.length; i += 500) await tx.insertInto('salesTargets').values(rows.slice(i, i + 500)).execute();
}
