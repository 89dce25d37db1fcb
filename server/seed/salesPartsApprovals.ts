// Quotations and allocations under approval in the demo (issue 23): on a fresh database, at the first two demo dealers, a
// sales consultant writes quotations and the parts clerk applies for allocations through the model engine, then asks
// for their approval through the real runner, as the users would. They are left in different places: quotations above
// the ¥10,000 discount threshold waiting at the dealer's sales manager, one rejected, one small enough to take effect at
// once; allocations waiting at the sending dealer's parts manager, one above ¥20,000 approved there and waiting at the
// region's parts manager, one rejected, one approved (在途). Values are fixed, so every fresh start shows the same to-dos.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadSessionUser, type SessionUser } from '../http/session';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';
import type { ReadContext } from '../models/modelReads';
import { createRecord } from '../models/modelWrites';
import { actOnTask, startRecordProcess, type ProcessContext } from '../processes/processRuns';
import { PARTS_ALLOCATION_PROCESS_ID, QUOTATION_DISCOUNT_PROCESS_ID } from './approvalProcesses';

/** Each dealer and where its allocations go. */
const DEALERS = [
  { ownerCode: 'D11001', partner: 'D12001' },
  { ownerCode: 'D12001', partner: 'D11001' },
] as const;

type Outcome = 'waiting' | 'agreeOnce' | 'rejected';

interface QuotePlan {
  outcome: Outcome;
  model: string;
  /** The guide price of the model's first configuration (server/seed/catalogue.ts): the quotation computes it. */
  guidePrice: string;
  discount: string;
  comment: string;
}

/** Above ¥10,000 waits or is rejected; ¥5,000 takes effect at once (the process ends at its gateway). */
const QUOTES: QuotePlan[] = [
  { outcome: 'waiting', model: 'HS-S7-M2', guidePrice: '219800.00', discount: '15000.00', comment: '客户置换老车，申请加大优惠' },
  { outcome: 'waiting', model: 'HS-A5-M1', guidePrice: '129800.00', discount: '12000.00', comment: '团购客户，三台同时下订' },
  { outcome: 'rejected', model: 'HS-E6-M1', guidePrice: '169800.00', discount: '20000.00', comment: '客户对比竞品，要求优惠两万' },
  { outcome: 'agreeOnce', model: 'HS-A3-M2', guidePrice: '94800.00', discount: '5000.00', comment: '常规优惠' },
];

interface AllocationPlan {
  outcome: Outcome | 'approved';
  reason: string;
  lines: { partNo: string; partName: string; qty: string; transferPrice: string }[];
}

const ALLOCATIONS: AllocationPlan[] = [
  {
    outcome: 'waiting',
    reason: '对方店保养件缺货',
    lines: [
      { partNo: 'HS-1012010-A3', partName: '机油滤清器', qty: '20', transferPrice: '58.00' },
      { partNo: 'HS-8104010-A3', partName: '空调滤芯', qty: '10', transferPrice: '68.00' },
    ],
  },
  {
    outcome: 'agreeOnce',
    reason: '事故车维修急需大灯总成',
    lines: [
      { partNo: 'HS-4121010-S7', partName: 'LED前大灯总成', qty: '4', transferPrice: '4800.00' },
      { partNo: 'HS-2803010-S7', partName: '前保险杠', qty: '2', transferPrice: '1800.00' },
    ],
  },
  { outcome: 'rejected', reason: '调剂库存', lines: [{ partNo: 'HS-3703010-A5', partName: '蓄电池', qty: '6', transferPrice: '700.00' }] },
  { outcome: 'approved', reason: '对方店刹车片缺货', lines: [{ partNo: 'HS-3501010-A3', partName: '前刹车片', qty: '8', transferPrice: '420.00' }] },
];

async function userOf(db: Kysely<Database>, userCode: string): Promise<SessionUser | undefined> {
  const row = await db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirst();
  return (row && (await loadSessionUser(db, Number(row.id)))) ?? undefined;
}

async function openTaskOf(db: Kysely<Database>, model: string, recordId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('processTasks as t')
    .innerJoin('processInstances as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.model', '=', model)
    .where('i.recordId', '=', recordId)
    .where('t.status', '=', 'open')
    .orderBy('t.id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Creates the record as `user` and asks for the approval; answers its id. */
const readerOf = (context: ProcessContext, loaded: LoadedModel, user: SessionUser): ReadContext => ({ db: context.db, user, loaded, hooks: context.hooks[loaded.model.name], models: context.models, allHooks: context.hooks });

async function createAndSubmit(context: ProcessContext, loaded: LoadedModel, user: SessionUser, values: RecordValues, transition: string, comment: string): Promise<number> {
  const reader = readerOf(context, loaded, user);
  const id = Number((await createRecord(reader, values)).id);
  await startRecordProcess(context, reader, id, transition, { comment });
  return id;
}

/** Moves the record's open task as planned: rejected, or approved once (a second level may then wait). */
async function act(context: ProcessContext, model: string, id: number, outcome: AllocationPlan['outcome'], approver: SessionUser, region: SessionUser | undefined): Promise<void> {
  if (outcome === 'waiting') return;
  const first = await openTaskOf(context.db, model, id);
  if (first === undefined) return;
  if (outcome === 'rejected') {
    await actOnTask(context, approver, first, 'reject', model === 'quotation' ? '优惠幅度过大，请按店内政策重新报价' : '本店库存不足，暂不调拨');
    return;
  }
  await actOnTask(context, approver, first, 'agree', '同意');
  const second = outcome === 'approved' ? await openTaskOf(context.db, model, id) : undefined;
  if (second !== undefined && region) await actOnTask(context, region, second, 'agree', '同意');
}

/** Starts and moves the planned approvals; does nothing for a dealer whose users, or a demo whose models, are missing. */
export async function seedSalesPartsApprovals(context: ProcessContext): Promise<number> {
  const { db } = context;
  const quotation = context.models.get('quotation');
  const allocation = context.models.get('allocation');
  const wired = (loaded: LoadedModel | undefined, processId: string) => loaded?.model.states?.transitions.some((t) => t.process === processId);
  if (!wired(quotation, QUOTATION_DISCOUNT_PROCESS_ID) || !wired(allocation, PARTS_ALLOCATION_PROCESS_ID)) return 0;
  const region = await userOf(db, 'rnmanager');
  let started = 0;
  for (const { ownerCode, partner } of DEALERS) {
    const code = ownerCode.toLowerCase();
    // The dealer's first 销售顾问 holds 经销商销售经理 (seedProcessRoleHolders); the second one quotes.
    const [consultant, salesManager, partsClerk] = await Promise.all([userOf(db, `${code}xsgw2`), userOf(db, `${code}xsgw`), userOf(db, `${code}llr`)]);
    if (!consultant || !salesManager || !partsClerk) continue;
    for (const [n, plan] of QUOTES.entries()) {
      // The quotation is for a potential customer of the consultant's, of the model's first configuration and colour;
      // its guide price comes from the materials (plan.guidePrice is what they list for it).
      const customer = await createRecord(readerOf(context, context.models.get('potentialCustomer')!, consultant), {
        name: ['王建国', '李静', '赵磊', '陈晓燕'][n],
        phone: `1391000${ownerCode.slice(1, 3)}${String(n + 1).padStart(2, '0')}`,
        intentLevel: '83071002',
        intentModelCode: plan.model,
      });
      const [config, colour] = await Promise.all([`${plan.model}-C1`, `${plan.model}-C1-K1`].map((code) => db.selectFrom('materials').select('id').where('materialCode', '=', code).executeTakeFirstOrThrow()));
      const values = {
        potenId: Number(customer.id),
        configId: config!.id,
        colorId: colour!.id,
        consultantId: consultant.id,
        discount: plan.discount,
        accessoryAmount: '3000.00',
        insuranceEst: '6500.00',
        plateFee: '500.00',
        tradeInSubsidy: '0.00',
        validUntil: new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10),
      };
      const id = await createAndSubmit(context, quotation!, consultant, values, 'issue', plan.comment);
      if (plan.outcome !== 'agreeOnce') await act(context, 'quotation', id, plan.outcome, salesManager, undefined);
      started += 1;
    }
    for (const plan of ALLOCATIONS) {
      const id = await createAndSubmit(context, allocation!, partsClerk, { toOwnerCode: partner, reason: plan.reason, lines: plan.lines }, 'submit', plan.reason);
      // The dealer's 领料员 holds 经销商配件经理 too: in the demo the clerk who applies also approves.
      await act(context, 'allocation', id, plan.outcome, partsClerk, region);
      started += 1;
    }
  }
  return started;
}
