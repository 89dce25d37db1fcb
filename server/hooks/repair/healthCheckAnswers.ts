// A health check waits for the customer's answers to its declined items (domain.md §1): each reminder it left is
// answered by the advisor (feedback) or removed (the bff's removeInfoById); then the check is 已反馈.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { VHC_STATUS } from './repairRules';

export async function checkAnswered(db: Kysely<Database>, vhcNo: string | null): Promise<void> {
  if (!vhcNo) return;
  await sql`update vehicle_health_checks c set status = ${VHC_STATUS.answered} where c.vhc_no = ${vhcNo} and c.status = ${VHC_STATUS.awaiting}
    and not exists (select 1 from reminders r where r.source_no = c.vhc_no and r.feedback is null and r.closed_at is null)`.execute(db);
}
