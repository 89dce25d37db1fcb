// 整车库存 needs a hook for what its JSON cannot say (domain.md §3, §5): the configuration and colour belong together
// and the model is the configuration's; a vehicle's age in stock (库龄: days since it came in, or since it was shipped
// while in transit, up to its delivery); and the stock model table (report/stockModelTable): per model (or
// configuration, colour, dealer) the vehicles in transit, in stock, allocated and for sale, with the age bands of those
// in stock, within the user's data scope.
import { sql } from 'kysely';
import { ownerScope } from '../data/scope';
import { formatDateTime } from '../http/dates';
import type { ModelHooks } from '../models/modelHooks';
import type { VehicleStockRecord } from './modelRecords';
import { configurationOf } from './quotation';

export const VEHICLE_STOCK_TEXT = {
  config: '配置不存在',
  color: '颜色不属于所选配置',
} as const;

const DAY_MS = 86_400_000;

/** Whole Beijing days from one `YYYY-MM-DD HH:mm:ss` to another (or to now). */
function daysBetween(from: string, to: string | null): number {
  const day = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00Z`);
  return Math.max(0, Math.round((day(to ?? formatDateTime(new Date())) - day(from)) / DAY_MS));
}

/** The table's grouping: by model (default), configuration, colour or dealer, always under series and model. */
const GROUPINGS = {
  model: { keys: sql`s.model_code`, names: sql`''`, name: sql`''` },
  config: { keys: sql`s.model_code, s.config_id`, names: sql`c.material_name_zh`, name: sql`c.material_name_zh` },
  color: { keys: sql`s.model_code, s.config_id, s.color_id`, names: sql`c.material_name_zh || ' ' || k.material_name_zh`, name: sql`c.material_name_zh, k.material_name_zh` },
  dealer: { keys: sql`s.owner_code, s.model_code`, names: sql`o.org_name`, name: sql`o.org_name` },
} as const;

export interface StockModelRow {
  ownerCode: string | null;
  seriesName: string;
  modelCode: string;
  modelName: string;
  detail: string;
  inTransit: number;
  inStock: number;
  allocated: number;
  forSale: number;
  age0To30: number;
  age31To60: number;
  age61To90: number;
  ageOver90: number;
}

export const vehicleStockHooks: ModelHooks<VehicleStockRecord> = {
  decorate(_db, rows) {
    for (const row of rows) {
      const since = (row.inStockAt ?? row.shippedAt) as string | null;
      row.ageDays = since ? daysBetween(since, (row.outAt as string | null) ?? null) : null;
    }
    return Promise.resolve();
  },

  async beforeWrite({ db }, change) {
    const { values } = change;
    const config = await configurationOf(db, Number(values.configId));
    if (!config) return void change.problems.push(`${change.prefix}${VEHICLE_STOCK_TEXT.config}`);
    values.modelCode = config.modelCode;
    const { rows } = await sql<{ id: number }>`select id from materials where id = ${Number(values.colorId)} and parent_id = ${Number(values.configId)}`.execute(db);
    if (rows.length === 0) change.problems.push(`${change.prefix}${VEHICLE_STOCK_TEXT.color}`);
  },

  calls: {
    /** salesreport report/stockModelTable?groupBy=model|config|color|dealer&ownerCode=&seriesCode=&modelCode= */
    async stockModelTable({ db, user }, { query }) {
      const grouping = GROUPINGS[(typeof query.groupBy === 'string' && query.groupBy in GROUPINGS ? query.groupBy : 'model') as keyof typeof GROUPINGS];
      const scope = await ownerScope(db, user);
      const owners = [query.ownerCode].flat().filter((c): c is string => typeof c === 'string' && c !== '');
      const wanted = owners.length > 0 ? owners.filter((c) => scope.includes(c)) : scope;
      const conditions = [sql`s.owner_code in (${sql.join(wanted.length > 0 ? wanted : [''])})`, sql`s.status <> '83221004'`];
      if (typeof query.modelCode === 'string' && query.modelCode) conditions.push(sql`s.model_code = ${query.modelCode}`);
      if (typeof query.seriesCode === 'string' && query.seriesCode) conditions.push(sql`ser.material_code = ${query.seriesCode}`);
      const today = formatDateTime(new Date()).slice(0, 10);
      const age = sql`(${today}::date - (s.in_stock_at at time zone 'Asia/Shanghai')::date)`;
      const inStock = sql`s.status = '83221002'`;
      const { rows } = await sql<StockModelRow>`
        select ${grouping === GROUPINGS.dealer ? sql`s.owner_code` : sql`null`} as owner_code, ser.material_name_zh as series_name, s.model_code, m.material_name_zh as model_name,
          ${grouping.names} as detail,
          count(*) filter (where s.status = '83221001')::int as in_transit,
          count(*) filter (where ${inStock})::int as in_stock,
          count(*) filter (where s.status = '83221003')::int as allocated,
          count(*) filter (where s.status in ('83221001', '83221002'))::int as for_sale,
          count(*) filter (where ${inStock} and ${age} <= 30)::int as age0_to30,
          count(*) filter (where ${inStock} and ${age} between 31 and 60)::int as age31_to60,
          count(*) filter (where ${inStock} and ${age} between 61 and 90)::int as age61_to90,
          count(*) filter (where ${inStock} and ${age} > 90)::int as age_over90
        from vehicle_stocks s
          join materials m on m.material_code = s.model_code and m.level = 3
          join materials ser on ser.id = m.parent_id
          join materials c on c.id = s.config_id
          join materials k on k.id = s.color_id
          join organizations o on o.org_code = s.owner_code
        where ${sql.join(conditions, sql` and `)}
        group by ${grouping.keys}, ser.material_name_zh, ser.sort, m.material_name_zh, m.sort${grouping === GROUPINGS.model ? sql`` : sql`, ${grouping.name}`}
        order by ser.sort, m.sort, s.model_code, detail`.execute(db);
      const items = rows.map((r, i) => ({ id: i + 1, ...r, detail: r.detail ?? '' }));
      const totals = { inTransit: 0, inStock: 0, allocated: 0, forSale: 0, age0To30: 0, age31To60: 0, age61To90: 0, ageOver90: 0 };
      for (const row of items) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += Number(row[key]);
      return { total: items.length, items, totals };
    },
  },
};
