// 邀约报表's 邀约→到店 rate (domain.md §4 Reports): customer-report inviteReport/inviteArrivalRate counts, per sales
// consultant, the invitations whose 邀约到店时间 falls in the Beijing days asked for (default this month): 邀约数 (every
// state), 到店数, 取消数, 爽约数, 待到店 and 到店率 = 到店 ÷ 邀约 in percent, two places half-up ("" without invitations),
// with a 合计; within the user's data scope, a consultant their own. No rule of rules.md names the rate (BB-API-19 is
// the 待邀约 list beside it). Invitations are written straight into a month long past (March 2001) so that no seeded
// or other test's invitation falls in it; the default month is compared with the database's own count.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArrivalRateAnswer } from '../../server/hooks/inviteArrivalRate';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { SalesFlow, type SalesAccount } from './salesSupport';

const RATE = '/api/customer-report/inviteReport/inviteArrivalRate';
const S = { waiting: '83151001', arrived: '83151002', cancelled: '83151003', noShow: '83151004' } as const;

describe(`邀约报表：邀约到店率 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;
  let seq = 0;

  /** An invitation of `ownerCode`'s first potential customer at a Beijing time, in a state. */
  async function invitation(ownerCode: string, who: SalesAccount, at: string, status: string) {
    const { rows } = await sql<{ id: number }>`select id from potential_customers where owner_code = ${ownerCode} order by id limit 1`.execute(s.db);
    seq += 1;
    await sql`insert into appointments (owner_code, appoint_no, poten_id, purpose, appoint_at, consultant_id, status, arrived_at, cancel_reason, created_by, updated_by)
      values (${ownerCode}, ${`YYT${ownerCode}${Date.now() % 1_000_000}${seq}`}, ${Number(rows[0]!.id)}, '83141001', ${new Date(`${at.replace(' ', 'T')}+08:00`)}, ${s.ids.get(who)!}, ${status},
        ${status === S.arrived ? new Date(`${at.replace(' ', 'T')}+08:00`) : null}, ${status === S.cancelled ? '客户临时有事' : null}, ${s.ids.get(who)!}, ${s.ids.get(who)!})`.execute(s.db);
  }

  const rate = (who: SalesAccount, query: Record<string, string> = {}) => s.ok<ArrivalRateAnswer>(who, 'GET', RATE, undefined, query);
  const march = { appointFrom: '2001-03-01', appointTo: '2001-03-31' };

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
    // d11001xsgw2: 7 invitations, 3 arrived, 2 cancelled, 1 no-show, 1 waiting; d11001xsgw3: 3, 2 arrived, 1 cancelled.
    const two = [S.arrived, S.arrived, S.arrived, S.cancelled, S.cancelled, S.noShow, S.waiting];
    for (const [i, status] of two.entries()) await invitation('D11001', 'd11001xsgw2', `2001-03-${String(i + 1).padStart(2, '0')} 10:00:00`, status);
    for (const [i, status] of [S.arrived, S.arrived, S.cancelled].entries()) await invitation('D11001', 'd11001xsgw3', `2001-03-${String(i + 10)} 15:00:00`, status);
    // The edges of the range: the first and last minute of March in Beijing are in, the minutes around them out.
    await invitation('D11001', 'd11001xsgw3', '2001-03-31 23:59:00', S.waiting);
    await invitation('D11001', 'd11001xsgw3', '2001-03-01 00:00:00', S.waiting);
    await invitation('D11001', 'd11001xsgw3', '2001-02-28 23:59:00', S.arrived);
    await invitation('D11001', 'd11001xsgw3', '2001-04-01 00:00:00', S.arrived);
    // Another dealer's invitation of the same month.
    await invitation('D12001', 'd12001xsgw', '2001-03-05 11:00:00', S.arrived);
  });
  afterAll(() => t?.close());

  it('counts each consultant’s invitations, arrivals and cancellations of the range, with the rate and a total, exactly', async () => {
    const answer = await rate('d11001xsgw', march);
    expect(answer).toMatchObject({ ...march, total: 2 });
    const byId = new Map(answer.items.map((r) => [r.consultantId, r]));
    expect(byId.get(s.ids.get('d11001xsgw2')!)).toMatchObject({ invited: 7, arrived: 3, cancelled: 2, noShow: 1, waiting: 1, arrivalRate: '42.86', consultantName: expect.any(String) });
    // 2 of 5 (the two edge invitations of the range are waiting): 40.00.
    expect(byId.get(s.ids.get('d11001xsgw3')!)).toMatchObject({ invited: 5, arrived: 2, cancelled: 1, noShow: 0, waiting: 2, arrivalRate: '40.00' });
    expect(answer.summary).toEqual({ consultantName: '合计', invited: 12, arrived: 5, cancelled: 3, noShow: 1, waiting: 3, arrivalRate: '41.67' });
    // One consultant asked for; a day range with no invitation has no rate.
    const one = await rate('d11001xsgw', { ...march, consultantId: String(s.ids.get('d11001xsgw3')) });
    expect(one.items.map((r) => r.consultantId)).toEqual([s.ids.get('d11001xsgw3')]);
    expect(one.summary).toMatchObject({ invited: 5, arrivalRate: '40.00' });
    const none = await rate('d11001xsgw', { appointFrom: '2001-03-20', appointTo: '2001-03-30' });
    expect(none).toMatchObject({ total: 0, items: [], summary: { invited: 0, arrived: 0, arrivalRate: '' } });
  });

  it('shows another dealer’s user only their own dealer’s invitations, and a consultant only their own', async () => {
    const other = await rate('d12001xsgw', march);
    expect(other.items).toEqual([expect.objectContaining({ consultantId: s.ids.get('d12001xsgw'), invited: 1, arrived: 1, arrivalRate: '100.00' })]);
    expect(other.summary).toMatchObject({ invited: 1, arrived: 1 });
    const own = await rate('d11001xsgw2', march);
    expect(own.items.map((r) => r.consultantId)).toEqual([s.ids.get('d11001xsgw2')]);
    expect(own.summary).toMatchObject({ invited: 7, arrived: 3, arrivalRate: '42.86' });
  });

  it('defaults to this month: the dealer’s invitations of the month as the database counts them', async () => {
    const answer = await rate('d11001xsgw');
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(answer.appointFrom).toBe(`${today.slice(0, 7)}-01`);
    expect(answer.appointTo.slice(0, 7)).toBe(today.slice(0, 7));
    const from = new Date(`${answer.appointFrom}T00:00:00+08:00`);
    const to = new Date(new Date(`${answer.appointTo}T00:00:00+08:00`).getTime() + 86_400_000);
    const { rows } = await sql<{ invited: number; arrived: number; cancelled: number }>`select count(*)::int as invited, count(*) filter (where status = ${S.arrived})::int as arrived,
      count(*) filter (where status = ${S.cancelled})::int as cancelled from appointments where owner_code = 'D11001' and appoint_at >= ${from} and appoint_at < ${to}`.execute(s.db);
    expect(answer.summary).toMatchObject({ invited: Number(rows[0]!.invited), arrived: Number(rows[0]!.arrived), cancelled: Number(rows[0]!.cancelled) });
    expect(answer.items.reduce((n, r) => n + r.invited, 0)).toBe(Number(rows[0]!.invited));
  });

  it('answers a bad date or range with a clear Chinese 400', async () => {
    expect(await s.call('d11001xsgw', 'GET', RATE, undefined, { appointFrom: '2001-02-30' })).toMatchObject({ resultCode: 400, errMsg: '邀约日期起不是有效日期，应为 年-月-日（如 2026-03-01）' });
    expect(await s.call('d11001xsgw', 'GET', RATE, undefined, { appointTo: '2001/03/31' })).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^邀约日期止/) });
    expect(await s.call('d11001xsgw', 'GET', RATE, undefined, { appointFrom: '2001-04-01', appointTo: '2001-03-01' })).toMatchObject({ resultCode: 400, errMsg: '邀约日期起不能晚于邀约日期止' });
  });
});
