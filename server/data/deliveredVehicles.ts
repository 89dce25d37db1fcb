// A delivered car's after-sales records (domain.md §4: 交车 creates the customers/vehicles rows): its owner among the
// dealer's customers (found by phone, or added) and the car among the vehicles, with no plate until the order's 上牌, so
// bookings, repair orders and /onepage know the car from its delivery on. customers and vehicles are after-sales base
// tables, not models: when after-sales makes them models, the delivery hook calls records('customer') instead.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface DeliveredVehicle {
  ownerCode: string;
  customerName: string;
  phone: string;
  vin: string;
  /** Materials level 3 (the model) and 5 (the colour). */
  modelCode: string;
  colorId: number;
  /** Beijing day of the delivery. */
  deliveredOn: string;
}

/** The customer and vehicle of a delivery; answers the customer's id. A VIN already known keeps its row. */
export async function registerDeliveredVehicle(db: Kysely<Database>, car: DeliveredVehicle): Promise<number> {
  const known = await db.selectFrom('customers').select('id').where('ownerCode', '=', car.ownerCode).where('phone', '=', car.phone).orderBy('id').executeTakeFirst();
  const customerId = known?.id ?? (await db.insertInto('customers').values({ ownerCode: car.ownerCode, customerName: car.customerName, phone: car.phone, gender: null, address: null, createdAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  const { rows } = await sql<{ brandName: string; seriesName: string; modelName: string; colorName: string }>`
    select b.material_name_zh as brand_name, s.material_name_zh as series_name, m.material_name_zh as model_name, k.material_name_zh as color_name
    from materials m join materials s on s.id = m.parent_id join materials b on b.id = s.parent_id, materials k
    where m.material_code = ${car.modelCode} and m.level = 3 and k.id = ${car.colorId}`.execute(db);
  const names = rows[0] ?? { brandName: '', seriesName: '', modelName: '', colorName: '' };
  await sql`insert into vehicles (vin, plate_no, owner_code, customer_id, brand_name, series_name, model_name, color_name, purchase_date)
    values (${car.vin}, '', ${car.ownerCode}, ${Number(customerId)}, ${names.brandName}, ${names.seriesName}, ${names.modelName}, ${names.colorName}, ${car.deliveredOn})
    on conflict (vin) do nothing`.execute(db);
  return Number(customerId);
}

/** The plate of a delivered car, once registered (the order's 完成). */
export async function registerPlate(db: Kysely<Database>, vin: string, plateNo: string): Promise<void> {
  await sql`update vehicles set plate_no = ${plateNo} where vin = ${vin}`.execute(db);
}
