// What a menu leaf opens, from its component: `screen:<id>` a screen definition; `link:<url>` an external page embedded
// as a third-party page; `iframe:<url>` an external page flagged third-party and iframe, embedded with the session
// token appended (only such trusted systems ever receive the token); `page:<name>` a built-in page of the app (the
// screen editor's list, runtime/app/pages/builtinPages.tsx).
export type MenuTarget =
  | { kind: 'screen'; screenId: string }
  | { kind: 'page'; name: string }
  | { kind: 'link'; url: string }
  | { kind: 'iframe'; url: string }
  | { kind: 'unknown'; component: string };

const PREFIXES = ['screen', 'link', 'iframe'] as const;

function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

export function menuTarget(component: string | null): MenuTarget {
  const value = component ?? '';
  const colon = value.indexOf(':');
  const prefix = value.slice(0, colon) as (typeof PREFIXES)[number];
  const rest = value.slice(colon + 1);
  if (colon > 0 && prefix === 'screen' && rest) return { kind: 'screen', screenId: rest };
  if (colon > 0 && value.startsWith('page:') && rest) return { kind: 'page', name: rest };
  if (colon > 0 && (prefix === 'link' || prefix === 'iframe') && isWebAddress(rest)) return { kind: prefix, url: rest };
  return { kind: 'unknown', component: value };
}

/** The address of a third-party iframe item: the token appended as a query parameter, before any fragment. */
export function withToken(url: string, token: string | undefined): string {
  if (!token) return url;
  const parsed = new URL(url);
  parsed.searchParams.set('token', token);
  return parsed.toString();
}
