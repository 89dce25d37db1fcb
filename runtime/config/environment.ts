// Which deployment the page runs in (building-blocks §7): development, uat, preprod or prod, chosen from the page
// origin so one build and one config.json serve every environment.
import { ENVIRONMENTS, type EnvironmentName, type EnvironmentSettings } from '../../schemas/config/runtimeConfigFile';

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
