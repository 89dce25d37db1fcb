// 市场活动 needs a hook for what its JSON cannot say: an activity ends on or after its start, and shows the clues it has
// brought (clues naming its number), counted once for a whole page.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { MarketActivityRecord } from './modelRecords';

export const MARKET_ACTIVITY_TEXT = { dates: '结束日期不能早于开始日期' } as const;

export const marketActivityHooks: ModelHooks<MarketActivityRecord> = {
  beforeWrite(_context, change) {
    const { startDate, endDate } = change.values;
    if (startDate && endDate && endDate < startDate) change.problems.push(`${change.prefix}${MARKET_ACTIVITY_TEXT.dates}`);
  },

  async decorate(db, rows) {
    const numbers = rows.map((r) => r.activityNo).filter((n): n is string => typeof n === 'string');
    const counts = new Map<string, number>();
    if (numbers.length > 0) {
      const { rows: found } = await sql<{ activityNo: string; n: number }>`select activity_no, count(*)::int as n from clues where activity_no in (${sql.join(numbers)}) group by activity_no`.execute(db);
      for (const row of found) counts.set(row.activityNo, Number(row.n));
    }
    for (const row of rows) row.clueCount = counts.get(String(row.activityNo)) ?? 0;
  },
};
