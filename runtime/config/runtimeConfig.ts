// The runtime config is a relative JSON file (./config.json) read once at start-up, so one build serves every
// environment: service base paths, signing keys and analytics change per deployment without rebuilding the app.
import { learnServerTime } from '../http/clock';
import { environmentForOrigin } from './environment';
import type { EnvironmentName, RuntimeConfigFile } from '../../schemas/config/runtimeConfigFile';

/** The file as this page uses it: its environment chosen, that environment's service overrides applied. */
export interface RuntimeConfig extends RuntimeConfigFile {
  environment: EnvironmentName;
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(url = './config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`无法读取运行时配置 ${url}（HTTP ${response.status}）`);
  learnServerTime(response.headers.get('date'));
  return setRuntimeConfig((await response.json()) as RuntimeConfigFile);
}

export function setRuntimeConfig(file: RuntimeConfigFile, origin: string = globalThis.location?.origin ?? ''): RuntimeConfig {
  const environment = environmentForOrigin(file.environments ?? {}, origin);
  current = { ...file, environment, services: { ...file.services, ...file.environments?.[environment]?.services } };
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('运行时配置尚未加载');
  return current;
}
