// 回访 needs a hook: a reached customer is asked for satisfaction (1–5), and a low one (≤ 2) or a complaint goes to the
// repair manager (待处理, with a message in each WXJL's 消息中心), who records how it was handled (处理投诉).
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import type { ModelHooks } from '../models/modelHooks';
import type { ReturnVisitRecord } from './modelRecords';
import { postMessage, usersWithRole } from './repair/orderState';
import { ESCALATED_MESSAGE_TITLE, REPAIR_DEFAULTS, REPAIR_TEXT, VISIT_RESULT, VISIT_STATUS } from './repair/repairRules';

export const returnVisitHooks: ModelHooks<ReturnVisitRecord> = {
  beforeTransition(_context, name, record, values) {
    if (name !== 'visit') return;
    const merged = { ...record, ...values };
    values.complaint = merged.complaint === '1' || merged.complaint === true ? '1' : '0';
    if (merged.result === VISIT_RESULT.reached && isBlank(merged.satisfaction)) throw new ApiError('invalidInput', REPAIR_TEXT.visitNeedsSatisfaction);
  },

  async afterTransition({ db }, name, record) {
    if (name !== 'visit') return;
    const low = !isBlank(record.satisfaction) && Number(record.satisfaction) <= REPAIR_DEFAULTS.escalateSatisfaction;
    if (!low && record.complaint !== '1') return;
    await sql`update return_visits set status = ${VISIT_STATUS.escalated} where id = ${Number(record.id)}`.execute(db);
    const managers = await usersWithRole(db, String(record.ownerCode), 'WXJL');
    await postMessage(db, managers, { title: ESCALATED_MESSAGE_TITLE, content: REPAIR_TEXT.visitEscalated(String(record.sourceNo)), roNo: String(record.sourceNo) });
  },
};
