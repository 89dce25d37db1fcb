// Which deployment the page runs in (building-blocks §7): development, uat, preprod or prod, chosen from the page
// origin so one build and one config.json serve every environment.

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

function originPattern(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, 'i');
}

/**
 * The first environment, in the order development, uat, preprod, prod, with an origin pattern matching `origin`.
 * An origin no environment claims is development: nothing environment-specific (analytics) runs until a deployment
 * names its origin.
 */
export function environmentForOrigin(environments: Partial<Record<EnvironmentName, EnvironmentSettings>>, origin: string): EnvironmentName {
  return ENVIRONMENTS.find((name) => (environments[name]?.origins ?? []).some((pattern) => originPattern(pattern).test(origin))) ?? 'development';
}
