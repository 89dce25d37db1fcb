// 线索来源 needs a hook for what its JSON cannot say: a source is not its own ancestor, and one that clues name is not
// deleted (switch it off instead: the clues keep their source).
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { ClueSourceRecord } from './modelRecords';

export const CLUE_SOURCE_TEXT = {
  inUse: (name: string, count: number) => `线索来源“${name}”已有${count}条线索使用，不能删除，可停用`,
  cycle: '上级来源不能是它自己或它的下级',
  hasChildren: (name: string) => `线索来源“${name}”下还有来源，不能删除`,
} as const;

export const clueSourceHooks: ModelHooks<ClueSourceRecord> = {
  async beforeWrite({ db }, change) {
    const { values } = change;
    if (!values.parentCode) return;
    // Walk up from the parent: reaching this source again would make a loop.
    const { rows } = await sql<{ code: string }>`with recursive up(code, parent) as (
        select source_code, parent_code from clue_sources where source_code = ${values.parentCode}
        union all select s.source_code, s.parent_code from clue_sources s join up on s.source_code = up.parent)
      select code from up where code = ${values.sourceCode} limit 1`.execute(db);
    if (rows.length > 0 || values.parentCode === values.sourceCode) change.problems.push(`${change.prefix}${CLUE_SOURCE_TEXT.cycle}`);
  },

  async beforeDelete({ db }, record) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from clues where clue_source = ${String(record.sourceCode)}`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) throw new ApiError('invalidInput', CLUE_SOURCE_TEXT.inUse(String(record.sourceName), Number(rows[0]!.n)));
    const { rows: children } = await sql<{ id: number }>`select id from clue_sources where parent_code = ${String(record.sourceCode)} limit 1`.execute(db);
    if (children.length > 0) throw new ApiError('invalidInput', CLUE_SOURCE_TEXT.hasChildren(String(record.sourceName)));
  },
};
