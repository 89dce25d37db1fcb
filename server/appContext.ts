// What every route plugin is handed: the database and the server's configuration. Its own file, so a route imports
// this and not server/app.ts, which imports every route.
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import type { LoadedModel } from './models/modelCatalogue';
import type { LoadedReport } from './reports/reportCatalogue';

export interface AppContext {
  db: Kysely<Database>;
  config: ServerConfig;
  /** The models served (default: the repository's models/); tests hand in fixture models. */
  models?: LoadedModel[];
  /** The reports served (default: the repository's reports/ when the models are the repository's, else none). */
  reports?: LoadedReport[];
}
