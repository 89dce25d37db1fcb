import { describe, expect, it } from 'vitest';
import { isValidMobile, isValidPlate, isValidVin } from '../../schemas/formats/formats';
import { DEALERS, GROUPS, POSITIONS, REPAIR_TYPES } from '../../server/seed/catalogue';
import { buildDemoWorld } from '../../server/seed/demoWorld';

const ANCHOR = '2026-06-30';
const world = buildDemoWorld({ anchorDate: ANCHOR });

describe('the demo world', () => {
  // Building a world is a few seconds of work with the repair workshop behind its orders: the two more built here get time.
  it('is the same for the same seed and anchor date, and differs for another seed', { timeout: 120_000 }, () => {
    const again = buildDemoWorld({ anchorDate: ANCHOR });
    expect(JSON.stringify(again)).toBe(JSON.stringify(world));
    expect(JSON.stringify([...again.repairWork.orders])).toBe(JSON.stringify([...world.repairWork.orders]));
    expect(buildDemoWorld({ anchorDate: ANCHOR, seed: 7 }).repairOrders[0]).not.toEqual(world.repairOrders[0]);
  });

  it('has a manufacturer, regions, two dealer groups and at least six dealers', () => {
    const byType = (type: string) => world.organizations.filter((o) => o.orgType === type);
    expect(byType('10461003')).toHaveLength(1);
    expect(byType('10461002').length).toBeGreaterThanOrEqual(2);
    expect(byType('10461004')).toHaveLength(GROUPS.length);
    expect(GROUPS).toHaveLength(2);
    expect(byType('10461001').length).toBeGreaterThanOrEqual(6);
    expect(byType('10461001').every((d) => d.companyType === '15061003')).toBe(true);
  });

  it('[BO-POS-01] [BO-POS-02] [BO-POS-03] [BO-POS-04] [BO-POS-05] [BO-POS-06] [BO-POS-07] [BO-POS-08] [BO-POS-09] [BO-POS-10] [BO-POS-11] staffs every dealer with every position code', () => {
    expect(POSITIONS.map((p) => p.positionCode)).toEqual(['FWGW', 'DBZY', 'XBZY', 'LYR', 'KFZY', 'JS', 'LLR', 'ZJY', 'SCY', 'SHR', 'XSGW']);
    for (const dealer of DEALERS) {
      const held = new Set(world.users.filter((u) => u.orgCode === dealer.orgCode).flatMap((u) => u.positions));
      expect([...held].sort(), dealer.orgCode).toEqual(POSITIONS.map((p) => p.positionCode).sort());
    }
  });

  it('gives customers Chinese names and mobile numbers, and vehicles valid VINs and plates, all unique', () => {
    expect(world.customers.every((c) => /^[\u4e00-\u9fa5]{2,3}$/.test(c.customerName) && isValidMobile(c.phone))).toBe(true);
    expect(world.vehicles.every((v) => isValidVin(v.vin))).toBe(true);
    expect(world.vehicles.every((v) => isValidPlate(v.plateNo))).toBe(true);
    expect(new Set(world.vehicles.map((v) => v.vin)).size).toBe(world.vehicles.length);
    expect(new Set(world.vehicles.map((v) => v.plateNo)).size).toBe(world.vehicles.length);
    expect(world.vehicles.some((v) => v.plateNo.length === 8)).toBe(true);
  });

  it('has at least 5,000 repair orders over every dealer and the two years before the anchor date', () => {
    const orders = world.repairOrders;
    expect(orders.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(orders.map((o) => o.ownerCode))).toEqual(new Set(DEALERS.map((d) => d.orgCode)));
    const days = orders.map((o) => o.createdAt.slice(0, 10)).sort();
    expect(days[0]! >= '2024-07-01').toBe(true);
    expect(days[0]! <= '2024-07-15').toBe(true);
    // The day after the anchor is a fresh start's today: each dealer has opened a few orders already.
    expect(days.at(-1)).toBe('2026-07-01');
    expect(orders.filter((o) => o.createdAt.startsWith('2026-07-01')).every((o) => ['80211001', '80211002', '80211005'].includes(o.status))).toBe(true);
    expect(new Set(orders.map((o) => o.roNo)).size).toBe(orders.length);
    expect(new Set(orders.map((o) => o.repairTypeCode))).toEqual(new Set(REPAIR_TYPES.map((t) => t.code)));
  });

  it('opens each order after its vehicle was bought, with an advisor of the same dealer', () => {
    const vehicles = new Map(world.vehicles.map((v) => [v.vin, v]));
    const advisors = new Map(world.users.map((u) => [u.userCode, u]));
    for (const order of world.repairOrders) {
      const vehicle = vehicles.get(order.vin)!;
      expect(order.createdAt.slice(0, 10) > vehicle.purchaseDate).toBe(true);
      expect(vehicle.ownerCode).toBe(order.ownerCode);
      expect(advisors.get(order.serviceAdvisorCode)).toMatchObject({ orgCode: order.ownerCode, positions: ['FWGW'] });
    }
  });
});
