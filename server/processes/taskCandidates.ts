// Who may act on a user task (issue 23): a task goes to the roles or positions drawn in the designer, within the record's
// data scope. A position (审核人 SHR...) is held at one dealer: its holder there acts on that dealer's tasks only. A
// process role (大区售后经理...) is held by a user of a region or of the manufacturer: it acts on the tasks of the dealers
// its organisation covers. A transferred task goes to its one assignee.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { visibleOwnerCodes } from '../data/scope';
import { loadSessionUser, type SessionUser } from '../http/session';

export interface Actor {
  userId: number;
  /** position code -> the dealers where the user holds it. */
  positions: { code: string; ownerCode: string }[];
  roles: string[];
  scope: string[];
}

export async function actorOf(db: Kysely<Database>, user: SessionUser): Promise<Actor> {
  const [positions, roles, scope] = await Promise.all([
    db
      .selectFrom('userPositions as up')
      .innerJoin('organizations as o', 'o.id', 'up.orgId')
      .select(['up.positionCode as code', 'o.orgCode as ownerCode'])
      .where('up.userId', '=', user.id)
      .execute(),
    db.selectFrom('userProcessRoles').select('roleCode').where('userId', '=', user.id).execute(),
    visibleOwnerCodes(db, user),
  ]);
  return { userId: user.id, positions, roles: roles.map((r) => r.roleCode), scope };
}

/** The condition on a task row aliased `t`: this actor may act on it. */
export function mayAct(actor: Actor): RawBuilder<boolean> {
  const byPosition = actor.positions.map((p) => sql<boolean>`(c.code = ${p.code} and t.owner_code = ${p.ownerCode})`);
  const byRole =
    actor.roles.length > 0 && actor.scope.length > 0 ? [sql<boolean>`(c.code in (${sql.join(actor.roles)}) and t.owner_code in (${sql.join(actor.scope)}))`] : [];
  const candidate = [...byPosition, ...byRole];
  const viaCandidates =
    candidate.length > 0
      ? sql<boolean>`(t.assignee_id is null and exists (select 1 from process_task_candidates c where c.task_id = t.id and (${sql.join(candidate, sql` or `)})))`
      : sql<boolean>`false`;
  return sql<boolean>`(t.assignee_id = ${actor.userId} or ${viaCandidates})`;
}

/** Whether `user` could be given a task of the dealer `ownerCode` (a transfer's or an added signer's target). */
export async function reachesDealer(db: Kysely<Database>, userId: number, ownerCode: string | null): Promise<boolean> {
  const user = await loadSessionUser(db, userId);
  if (!user) return false;
  if (ownerCode === null) return true;
  return (await visibleOwnerCodes(db, user)).includes(ownerCode);
}
