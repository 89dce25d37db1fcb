// The runtime config file (./config.json) as deployed: the browser reads it at start-up, the server fills in its keys
// and identity provider when it serves it and derives permission keys from its service registry.

export const ENVIRONMENTS = ['development', 'uat', 'preprod', 'prod'] as const;

export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** What may differ per environment: its origins, service base paths that differ there, the analytics beacon. */
export interface EnvironmentSettings {
  /** Origin patterns; `*` stands for any run of characters, e.g. "https://uat-*" or "http://localhost:*". */
  origins?: string[];
  /** Service name -> base path overrides for this environment (e.g. a standalone service on its own host). */
  services?: Record<string, string>;
  analytics?: AnalyticsSettings;
}

export interface AnalyticsSettings {
  /** Off unless set to true. */
  enabled?: boolean;
  /** Where the behaviour-analytics beacon posts. */
  url?: string;
  /** The application key the analytics service knows this product by. */
  appKey?: string;
}

export interface RenameSettings {
  /** The global flag; off by default. */
  enabled?: boolean;
  /** Owner codes the rename is on for; empty by default. */
  ownerCodes?: string[];
}

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
}
