// The finance postings as a property (issue 26), on both databases: fast-check generates sequences of receipts,
// receivables, write-offs, reversals (反核销), refunds (asked, approved and paid through the refund approval) and voids;
// each is sent to the server, which must accept exactly what a plain model of the money accepts, and after every
// sequence each balance is the sum of its postings: receipt.writtenOff = Σ its write-offs, receipt.refunded = Σ its
// paid refunds, balance = amount − writtenOff − refunded ≥ 0, receivable.writtenOff = Σ its write-offs within
// 0..amount, with the receivable's state following.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const RECEIPTS = '/api/2b/finance/receipts';
const RECEIVABLES = '/api/2b/finance/receivables';
const WRITE_OFFS = '/api/2b/finance/writeOffs';
const REFUNDS = '/api/2b/finance/refunds';
const AR = { open: '81081001', partly: '81081002', writtenOff: '81081003', void: '81081004' };

type Row = Record<string, unknown> & { id: number };

type Op =
  | { op: 'receipt'; cents: number }
  | { op: 'receivable'; cents: number }
  | { op: 'writeOff'; receivable: number; receipt: number; cents: number }
  | { op: 'reverse'; writeOff: number }
  | { op: 'refund'; receipt: number; cents: number }
  | { op: 'void'; receivable: number };

/** The money as a plain model keeps it, in cents. */
interface Model {
  receipts: { id: number; amount: number; writtenOff: number; refunded: number }[];
  receivables: { id: number; amount: number; writtenOff: number; void: boolean }[];
  writeOffs: { id: number; receivable: number; receipt: number; cents: number; effective: boolean }[];
}

const yuan = (cents: number) => (cents / 100).toFixed(2);
const cents = (text: unknown) => Math.round(Number(text) * 100);

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('receipt' as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ op: fc.constant('receivable' as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
  { arbitrary: fc.record({ op: fc.constant('writeOff' as const), receivable: fc.nat(), receipt: fc.nat(), cents: fc.integer({ min: 1, max: 150_000 }) }), weight: 3 },
  fc.record({ op: fc.constant('reverse' as const), writeOff: fc.nat() }),
  fc.record({ op: fc.constant('refund' as const), receipt: fc.nat(), cents: fc.integer({ min: 1, max: 150_000 }) }),
  fc.record({ op: fc.constant('void' as const), receivable: fc.nat() }),
);

describe(`finance postings as a property (${DB_KIND})`, () => {
  let t: TestServer;
  let token: string;
  let run = 0;
  /** What the runs exercised: accepted and refused operations by kind (so the property is not vacuously true). */
  const seen = new Map<string, number>();
  const saw = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1);

  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login('d11001dbzy');
  });
  afterAll(() => t?.close());

  const call = <T = Row>(method: 'GET' | 'POST', url: string, payload?: unknown) => t.call<T>({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function refund(receiptId: number, amount: number): Promise<boolean> {
    const asked = await call('POST', REFUNDS, { receiptId, amount: yuan(amount), reason: '81041002', payeeName: '周强', payeeAccount: '6222021234567890123' });
    if (asked.resultCode !== 200) return false;
    const id = asked.data!.id;
    expect((await call('POST', `${REFUNDS}/${id}/submit`, { comment: '多收退回' })).resultCode).toBe(200);
    const task = (await call<Page<{ model: string; recordId: number; taskId: number }>>('GET', '/api/workflow/task/todo?pageSize=200')).data!.items.find((r) => r.model === 'refund' && r.recordId === id)!;
    expect((await call('POST', `/api/workflow/task/${task.taskId}/approve`, { comment: '同意' })).resultCode).toBe(200);
    expect((await call('POST', `${REFUNDS}/${id}/pay`, { outBankSerialNo: `OUT${String(id).padStart(20, '0')}` })).resultCode).toBe(200);
    return true;
  }

  /** Sends one operation and checks the server accepted exactly what the model accepts; updates the model. */
  async function apply(model: Model, op: Op, tag: string): Promise<void> {
    const pick = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);
    switch (op.op) {
      case 'receipt': {
        const created = await call('POST', RECEIPTS, { customerName: '周强', receiptType: '81011001', payMethod: '81021001', amount: yuan(op.cents), receivedAt: '2026-06-28 10:00:00', sourceNo: tag });
        expect(created.errMsg).toBe('');
        expect((await call('POST', `${RECEIPTS}/${created.data!.id}/confirm`)).resultCode).toBe(200);
        model.receipts.push({ id: created.data!.id, amount: op.cents, writtenOff: 0, refunded: 0 });
        return;
      }
      case 'receivable': {
        const created = await call('POST', RECEIVABLES, { debtorType: '81061001', debtorName: '周强', sourceType: '81071003', sourceNo: tag, amount: yuan(op.cents), arDate: '2026-06-28', dueDate: '2026-07-28' });
        expect(created.errMsg).toBe('');
        model.receivables.push({ id: created.data!.id, amount: op.cents, writtenOff: 0, void: false });
        return;
      }
      case 'writeOff': {
        const receivable = pick(model.receivables, op.receivable);
        const receipt = pick(model.receipts, op.receipt);
        if (!receivable || !receipt) return;
        const fits = !receivable.void && op.cents <= receivable.amount - receivable.writtenOff && op.cents <= receipt.amount - receipt.writtenOff - receipt.refunded;
        const answer = await call('POST', WRITE_OFFS, { receivableId: receivable.id, receiptId: receipt.id, amount: yuan(op.cents) });
        expect(answer.resultCode, `${JSON.stringify(op)} ${answer.errMsg}`).toBe(fits ? 200 : 400);
        saw(`writeOff ${fits ? 'accepted' : 'refused'}`);
        if (!fits) return;
        receivable.writtenOff += op.cents;
        receipt.writtenOff += op.cents;
        model.writeOffs.push({ id: answer.data!.id, receivable: receivable.id, receipt: receipt.id, cents: op.cents, effective: true });
        return;
      }
      case 'reverse': {
        const writeOff = pick(model.writeOffs, op.writeOff);
        if (!writeOff) return;
        const answer = await call('POST', `${WRITE_OFFS}/${writeOff.id}/reverse`, { reverseReason: '核销错误' });
        expect(answer.resultCode, `${JSON.stringify(op)} ${answer.errMsg}`).toBe(writeOff.effective ? 200 : 400);
        saw(`reverse ${writeOff.effective ? 'accepted' : 'refused'}`);
        if (!writeOff.effective) return;
        writeOff.effective = false;
        model.receivables.find((r) => r.id === writeOff.receivable)!.writtenOff -= writeOff.cents;
        model.receipts.find((r) => r.id === writeOff.receipt)!.writtenOff -= writeOff.cents;
        return;
      }
      case 'refund': {
        const receipt = pick(model.receipts, op.receipt);
        if (!receipt) return;
        const fits = op.cents <= receipt.amount - receipt.writtenOff - receipt.refunded && op.cents < 500_000;
        expect(await refund(receipt.id, op.cents), JSON.stringify(op)).toBe(fits);
        saw(`refund ${fits ? 'accepted' : 'refused'}`);
        if (fits) receipt.refunded += op.cents;
        return;
      }
      case 'void': {
        const receivable = pick(model.receivables, op.receivable);
        if (!receivable) return;
        const fits = !receivable.void && receivable.writtenOff === 0;
        const answer = await call('POST', `${RECEIVABLES}/${receivable.id}/void`, { voidReason: '挂错账' });
        expect(answer.resultCode, `${JSON.stringify(op)} ${answer.errMsg}`).toBe(fits ? 200 : 400);
        if (fits) receivable.void = true;
        return;
      }
    }
  }

  /** Every balance of the run's records equals the sum of its postings, and the model's figures. */
  async function checkBalances(model: Model): Promise<void> {
    const db = t.server.database.db;
    const receiptIds = model.receipts.map((r) => r.id);
    const receivableIds = model.receivables.map((r) => r.id);
    if (receiptIds.length > 0) {
      const { rows } = await sql<{ id: number; amount: string; writtenOff: string; refunded: string; balance: string; postedOff: string; postedRefunds: string }>`
        select r.id, r.amount::text, r.written_off_amount::text as "writtenOff", r.refunded_amount::text as refunded, r.balance::text,
          (select coalesce(sum(w.amount), 0) from write_offs w where w.receipt_id = r.id)::text as "postedOff",
          (select coalesce(sum(f.amount), 0) from refunds f where f.receipt_id = r.id and f.status = '81051003')::text as "postedRefunds"
        from receipts r where r.id in (${sql.join(receiptIds)})`.execute(db);
      for (const row of rows) {
        const expected = model.receipts.find((r) => r.id === Number(row.id))!;
        expect(cents(row.writtenOff)).toBe(cents(row.postedOff));
        expect(cents(row.refunded)).toBe(cents(row.postedRefunds));
        expect(cents(row.balance)).toBe(cents(row.amount) - cents(row.writtenOff) - cents(row.refunded));
        expect(cents(row.balance)).toBeGreaterThanOrEqual(0);
        expect([cents(row.writtenOff), cents(row.refunded)]).toEqual([expected.writtenOff, expected.refunded]);
      }
    }
    if (receivableIds.length > 0) {
      const { rows } = await sql<{ id: number; amount: string; writtenOff: string; openAmount: string; status: string; posted: string }>`
        select r.id, r.amount::text, r.written_off_amount::text as "writtenOff", r.open_amount::text as "openAmount", r.status,
          (select coalesce(sum(w.amount), 0) from write_offs w where w.receivable_id = r.id)::text as posted
        from receivables r where r.id in (${sql.join(receivableIds)})`.execute(db);
      for (const row of rows) {
        const expected = model.receivables.find((r) => r.id === Number(row.id))!;
        const [amount, writtenOff] = [cents(row.amount), cents(row.writtenOff)];
        expect(writtenOff).toBe(cents(row.posted));
        expect(writtenOff).toBeGreaterThanOrEqual(0);
        expect(writtenOff).toBeLessThanOrEqual(amount);
        expect(cents(row.openAmount)).toBe(amount - writtenOff);
        expect(writtenOff).toBe(expected.writtenOff);
        const state = expected.void ? AR.void : writtenOff === 0 ? AR.open : writtenOff === amount ? AR.writtenOff : AR.partly;
        expect(row.status).toBe(state);
      }
    }
  }

  it('every balance equals the sum of its postings after any sequence of receipts, write-offs, reversals, refunds and voids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 4, maxLength: 14 }), async (ops) => {
        run += 1;
        const model: Model = { receipts: [], receivables: [], writeOffs: [] };
        // Each sequence starts with one of each, so that its write-offs have something to work on.
        const prefix: Op[] = [
          { op: 'receipt', cents: 100_000 },
          { op: 'receivable', cents: 80_000 },
        ];
        for (const [i, op] of [...prefix, ...ops].entries()) await apply(model, op, `PBT${String(run).padStart(3, '0')}${String(i).padStart(2, '0')}`);
        await checkBalances(model);
      }),
      { numRuns: DB_KIND === 'postgres' ? 10 : 12, endOnFailure: true },
    );
    expect(seen.get('writeOff accepted')).toBeGreaterThan(0);
    expect(seen.get('writeOff refused')).toBeGreaterThan(0);
    expect((seen.get('refund accepted') ?? 0) + (seen.get('reverse accepted') ?? 0)).toBeGreaterThan(0);
  }, 600_000);
});
