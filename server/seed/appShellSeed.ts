// Inserts the app shell's demo data (issue 4): the region tree, service reminders and the message list, all derived
// from the demo world (server/seed/demoWorld.ts).
import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { MESSAGE_APP_ID, REGION_TREE } from './catalogue';
import { buildMessages, buildServiceReminders, flattenRegions, type DemoWorld } from './demoWorld';

const BATCH = 500;

export async function seedAppShellData(db: Kysely<Database>, world: DemoWorld, anchorDate: string, userIds: ReadonlyMap<string, number>): Promise<void> {
  const shell = withAppShellTables(db);
  await shell.insertInto('regions').values(flattenRegions(REGION_TREE)).execute();
  const reminders = buildServiceReminders(world, anchorDate).map(({ advisorCode, ...r }) => ({ ...r, advisorId: userIds.get(advisorCode) ?? null }));
  for (let i = 0; i < reminders.length; i += BATCH) await shell.insertInto('reminders').values(reminders.slice(i, i + BATCH)).execute();
  const messages = buildMessages(world, anchorDate).map(({ userCode, ...m }) => ({ ...m, appId: MESSAGE_APP_ID, userId: userIds.get(userCode)! }));
  for (let i = 0; i < messages.length; i += BATCH) await shell.insertInto('messages').values(messages.slice(i, i + BATCH)).execute();
}
