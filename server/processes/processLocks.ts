// A record under a running approval is locked: it is neither changed, deleted nor moved by another transition until the
// process ends (DESIGN §7). The model engine asks here inside each write's transaction, after locking the record's row,
// so a process starting at the same moment is either seen or waits for the write.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { LoadedModel } from '../models/modelCatalogue';
import { PROCESS_TEXT } from '../../schemas/workflow/processText';

export async function runningInstanceOf(db: Kysely<Database>, model: string, recordId: number): Promise<{ id: number; processName: string } | undefined> {
  return db.selectFrom('processInstances').select(['id', 'processName']).where('model', '=', model).where('recordId', '=', recordId).where('status', '=', 'running').executeTakeFirst();
}

export async function refuseWhileApproving(db: Kysely<Database>, loaded: LoadedModel, recordId: number): Promise<void> {
  if (!loaded.model.states?.transitions.some((t) => t.process !== undefined)) return;
  const running = await runningInstanceOf(db, loaded.model.name, recordId);
  if (running) throw new ApiError('conflict', PROCESS_TEXT.locked(loaded.model.title, running.processName));
}
