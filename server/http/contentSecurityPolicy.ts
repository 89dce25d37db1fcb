// The Content-Security-Policy of the app (issue 10): no 'unsafe-eval' and no inline script anywhere, Monaco's and the
import type { RuntimeConfigFile } from '../../schemas/config/runtimeConfigFile';
// page export's module workers from this origin only. What each source is for is written in docs/decisions.md
// ("Content-Security-Policy"). Pages that send their own, stricter policy (the embedded provider's 用户登录 page) keep it.

/** The local print service C-Lodop: its script and its connection, on either of its two ports. */
const PRINT_SERVICE = ['http://localhost:8000', 'http://localhost:18000'];
const PRINT_SOCKETS = ['ws://localhost:8000', 'ws://localhost:18000'];

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
    if (!/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a url: the runtime refuses it as well.
    }
  }
  return [...origins].sort();
}

export function contentSecurityPolicy(config: RuntimeConfigFile): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...PRINT_SERVICE],
    // antd and ag-grid put their styles in <style> elements at run time, Tiptap and bpmn-js set style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...PRINT_SERVICE, ...PRINT_SOCKETS, ...configuredOrigins(config)],
    'worker-src': ["'self'"],
    // Authenticated previews shown from blob: urls (PDF in <object>, other files in a sandboxed frame); third-party
    // pages of link:/iframe: menu items, https only.
    'frame-src': ["'self'", 'blob:', 'https:'],
    'object-src': ['blob:'],
    'base-uri': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
