// The Content-Security-Policy of the app (issue 10): no 'unsafe-eval' and no inline script anywhere, Monaco's and the
import type { RuntimeConfigFile } from '../../schemas/config/runtimeConfigFile';
// page export's module workers from this origin only. What each source is for is written in docs/decisions.md
// ("Content-Security-Policy"). Pages that send their own, stricter policy (the embedded provider's 用户登录 page) keep it.

/** The local print service's origins (C-Lodop's two ports by default) from config.json's `print.serviceUrls`, the
 * addresses the print helper loads its script from; each also as a websocket, which C-Lodop talks through. */
function printServiceOrigins(config: RuntimeConfigFile): { scripts: string[]; sockets: string[] } {
  const scripts = new Set<string>();
  for (const url of config.print?.serviceUrls ?? []) {
    const origin = originOf(url);
    if (origin) scripts.add(origin);
  }
  // In the order the print helper tries them.
  const origins = [...scripts];
  return { scripts: origins, sockets: origins.map((origin) => origin.replace(/^http/, 'ws')) };
}

/** Origins allowed to frame the app besides its own (the main system's plain view). */
function frameAncestors(config: RuntimeConfigFile): string[] {
  return [...new Set((config.frameAncestors ?? []).map(originOf).filter((origin): origin is string => origin !== undefined))].sort();
}

/** The origin of an absolute http(s) url; undefined for anything else (a relative path, a javascript: url, a typo). */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Origins of absolute urls in the runtime config: services another host serves, analytics beacons. */
function configuredOrigins(config: RuntimeConfigFile): string[] {
  const urls = [
    ...Object.values(config.services ?? {}),
    ...Object.values(config.environments ?? {}).flatMap((environment) => [
      ...Object.values(environment?.services ?? {}),
      environment?.analytics?.url ?? '',
    ]),
  ];
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

export function contentSecurityPolicy(config: RuntimeConfigFile): string {
  const print = printServiceOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...print.scripts],
    // antd and ag-grid put their styles in <style> elements at run time, Tiptap and bpmn-js set style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...print.scripts, ...print.sockets, ...configuredOrigins(config)],
    'worker-src': ["'self'"],
    // Authenticated previews shown from blob: urls (PDF in <object>, other files in a sandboxed frame); third-party
    // pages of link:/iframe: menu items, https only.
    'frame-src': ["'self'", 'blob:', 'https:'],
    'object-src': ['blob:'],
    'base-uri': ["'self'"],
    // Only the app itself and the pages the deployment names may frame it: a foreign page framing it invites clickjacking.
    'frame-ancestors': ["'self'", ...frameAncestors(config)],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
