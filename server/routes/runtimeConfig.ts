// ./config.json, the runtime config the browser reads at start-up, served with this server's signing keys filled in:
// the keys live in the server's configuration (environment or data directory), never in the repository, and the
// browser signs with the same keys the server verifies with. The identity provider the browser signs in at is filled
// in the same way, so replacing the embedded provider with an OIDC one is a server setting.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext';
import { PROJECT_ROOT } from '../config';
import type { RuntimeConfigFile } from '../../schemas/config/runtimeConfigFile';

/** The deployed file of the built app, or the source one when the app is not built (npm run dev). */
function configFile(webDir: string): string {
  const built = resolve(webDir, 'config.json');
  return existsSync(built) ? built : resolve(PROJECT_ROOT, 'runtime/public/config.json');
}

export async function readRuntimeConfigFile(webDir: string): Promise<RuntimeConfigFile> {
  return JSON.parse(await readFile(configFile(webDir), 'utf8')) as RuntimeConfigFile;
}

export async function runtimeConfigRoutes(app: FastifyInstance, { config }: AppContext): Promise<void> {
  app.get('/config.json', async (_request, reply) => {
    const file = await readRuntimeConfigFile(config.webDir);
    const signing = config.requestSigning;
    const identity = config.identity;
    reply.header('cache-control', 'no-store');
    const served: RuntimeConfigFile = {
      ...file,
      auth: { ...file.auth, authorizeUrl: identity.authorizeUrl, clientId: identity.clientId, scope: identity.scope, logoutUrl: identity.logoutUrl ?? '' },
    };
    if (!signing.enabled) return served;
    return {
      ...served,
      signing: { ...file.signing, key: signing.key, openApi: { accessKey: signing.openApiAccessKey, secret: signing.openApiSecret } },
    };
  });
}
