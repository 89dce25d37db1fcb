// ./config.json, the runtime config the browser reads at start-up, served with this server's signing keys filled in:
// the keys live in the server's configuration (environment or data directory), never in the repository, and the
// browser signs with the same keys the server verifies with.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfigFile } from '../../runtime/config/runtimeConfig';
import type { AppContext } from '../app';
import { PROJECT_ROOT } from '../config';

/** The deployed file of the built app, or the source one when the app is not built (npm run dev). */
function configFile(webDir: string): string {
  const built = resolve(webDir, 'config.json');
  return existsSync(built) ? built : resolve(PROJECT_ROOT, 'runtime/public/config.json');
}

export async function runtimeConfigRoutes(app: FastifyInstance, { config }: AppContext): Promise<void> {
  app.get('/config.json', async (_request, reply) => {
    const file = JSON.parse(await readFile(configFile(config.webDir), 'utf8')) as RuntimeConfigFile;
    const signing = config.requestSigning;
    reply.header('cache-control', 'no-store');
    if (!signing.enabled) return file;
    return {
      ...file,
      signing: { ...file.signing, key: signing.key, openApi: { accessKey: signing.openApiAccessKey, secret: signing.openApiSecret } },
    };
  });
}
