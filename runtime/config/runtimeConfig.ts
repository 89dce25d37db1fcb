// The runtime config is a relative JSON file (./config.json) read once at start-up, so one build serves every
// environment: service base paths, signing keys and analytics change per deployment without rebuilding the app.
import { learnServerTime } from '../http/clock';
import type { RenameSettings } from '../permissions/qualityInspection';
import { environmentForOrigin, type EnvironmentName, type EnvironmentSettings } from './environment';

export interface SigningSettings {
  /** HMAC key of the request signature on every /api call; without one, requests go unsigned. The reference server
   * fills it in from its own configuration when it serves config.json. */
  key?: string;
  /** Key pair of the signed-date scheme used by the open api. */
  openApi?: { accessKey?: string; secret?: string };
  /** Services whose calls are signed with the signed-date scheme instead (default: openapi). */
  signedDateServices?: string[];
}

/** Where the browser signs in: the authorization-code flow with PKCE (the reference server fills these in). */
export interface AuthSettings {
  /** The identity provider's authorize endpoint, absolute or a path of this site. */
  authorizeUrl: string;
  /** The client id registered at the provider. */
  clientId: string;
  scope?: string;
  /** The provider's end-session endpoint, visited after logout; empty: straight back to the login flow. */
  logoutUrl?: string;
}

/** The two web sites of a split deployment (back-office §2): manufacturer and region staff on one, dealers and dealer
 * groups on the other. Both empty: one site for everyone, no start-up redirect. */
export interface SiteSettings {
  manufacturer?: string;
  dealer?: string;
}

/** The file as deployed. */
export interface RuntimeConfigFile {
  systemName: string;
  clientId: string;
  auth?: AuthSettings;
  /** The open menu tab limit (back-office §9, maxCacheNum). */
  maxCacheNum?: number;
  sites?: SiteSettings;
  /** The quality-inspection label rename: the global flag and the owner codes it is on for (off and empty by default). */
  qualityInspectionRename?: RenameSettings;
  /** Service name -> base path, e.g. "repair" -> "/api/repair". Screens name services, never hosts. */
  services: Record<string, string>;
  environments?: Partial<Record<EnvironmentName, EnvironmentSettings>>;
  signing?: SigningSettings;
  /** The local print service (C-Lodop): the addresses of its script, tried in turn. Empty: no local service, the browser
   * prints. The server's Content-Security-Policy allows these origins' scripts and connections, and no others. */
  print?: { serviceUrls?: string[] };
  /** Origins of the pages that may show the app in a frame (the main system's plain view) besides the app's own. */
  frameAncestors?: string[];
}

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
