// The vehicle materials' guide prices, fuel types and model years (domain.md §6 Demo): A3 ¥7.98–10.98万, A5
// ¥12.98–16.98万, S7 ¥17.98–25.98万, E6 ¥16.98–21.98万 over their models' 标准配置, 智享配置 ¥10,000 above; the option
// packages 全景天窗包 ¥6,000, 舒适座椅包 ¥5,000, 智能驾驶辅助包 ¥8,000. Read by the seed as it writes the tree.
import { MATERIAL_TREE, SERIES, type MaterialSeed } from './catalogue';

export const FUEL_TYPE = { petrol: '85051001', electric: '85051002' } as const;
export const MODEL_YEAR = '2025';

/** 标准配置 of each series' models, in the catalogue's order of models (yuan, tax included). */
const STANDARD_PRICES: Record<string, number[]> = {
  '华晟 A3': [79_800, 89_800, 99_800],
  '华晟 A5': [129_800, 159_800],
  '华晟 S7': [179_800, 209_800, 249_800],
  '华晟 E6': [169_800, 209_800],
};
/** 智享配置 over 标准配置. */
const PREMIUM_STEP = 10_000;

export const OPTION_PRICES: Record<string, number> = { P1: 6_000, P2: 5_000, P3: 8_000 };

export interface MaterialAttributes {
  guidePrice: number | null;
  fuelType: string | null;
  modelYear: string | null;
}

/** The attributes of every material code of the seeded tree. */
export function seededMaterialAttributes(tree: readonly MaterialSeed[] = MATERIAL_TREE): Map<string, MaterialAttributes> {
  const attributes = new Map<string, MaterialAttributes>();
  for (const brand of tree) {
    attributes.set(brand.code, { guidePrice: null, fuelType: null, modelYear: null });
    for (const series of brand.children) {
      const fuelType = SERIES.find((s) => s.seriesName === series.name)?.newEnergy ? FUEL_TYPE.electric : FUEL_TYPE.petrol;
      attributes.set(series.code, { guidePrice: null, fuelType, modelYear: null });
      series.children.forEach((model, m) => {
        attributes.set(model.code, { guidePrice: null, fuelType, modelYear: MODEL_YEAR });
        const standard = STANDARD_PRICES[series.name]?.[m] ?? null;
        model.children.forEach((configuration, c) => {
          attributes.set(configuration.code, { guidePrice: standard === null ? null : standard + c * PREMIUM_STEP, fuelType, modelYear: MODEL_YEAR });
          for (const colour of configuration.children) attributes.set(colour.code, { guidePrice: null, fuelType: null, modelYear: null });
        });
      });
    }
  }
  return attributes;
}
