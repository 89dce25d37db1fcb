// Parameters a screen is opened with (the navigate action, a dashboard's drill-down):
// #/<menu path>?<filter name>=<value>&from=<back path>; a name given more than once is a list (a multi-select filter).
// The screen's filter bar shows them and its first query uses them; `from` gives the page a 返回 to where the user came
// from. Read from the address itself (hash routing), so a navigated link can be copied, and a screen kept alive in its
// tab takes new parameters when it is navigated to again.
import { useEffect, useState } from 'react';
import { evaluateExpression, type ExpressionScope } from '../../schemas/expression/expression';

export const BACK_PARAM = 'from';

export interface ScreenAddress {
  path: string;
  params: Record<string, string | string[]>;
  back?: string;
}

export function readAddress(hash: string = window.location.hash): ScreenAddress {
  const text = hash.replace(/^#/, '');
  const at = text.indexOf('?');
  const path = at < 0 ? text : text.slice(0, at);
  const params: Record<string, string | string[]> = {};
  let back: string | undefined;
  const query = new URLSearchParams(at < 0 ? '' : text.slice(at + 1));
  for (const name of new Set(query.keys())) {
    const all = query.getAll(name);
    if (name === BACK_PARAM) back = all[all.length - 1];
    else params[name] = all.length > 1 ? all : all[0]!;
  }
  return back === undefined ? { path, params } : { path, params, back };
}

/** The address a navigate action opens: the target path, each parameter's value (empty ones left out), and the way back. */
export function navigationHash(to: string, params: Record<string, string> | undefined, scope: ExpressionScope, back: string): string {
  const query = new URLSearchParams();
  for (const [name, source] of Object.entries(params ?? {})) {
    const value = evaluateExpression(source, scope);
    if (value !== undefined && value !== null && value !== '') query.append(name, String(value));
  }
  query.append(BACK_PARAM, back);
  return `#${to}?${query.toString()}`;
}

/** The address of a record page: the screen's menu path, then the record's key (#/repair/.../index/12?from=...). */
export function recordHash(to: string, record: string, scope: ExpressionScope, back: string): string {
  const key = evaluateExpression(record, scope);
  return `#${to}/${encodeURIComponent(String(key))}?${new URLSearchParams({ [BACK_PARAM]: back }).toString()}`;
}

/**
 * The address this screen was opened at, following later navigations to the same path (a tab kept alive is navigated
 * to again with other parameters); navigations to other paths (other tabs) leave it as it was.
 */
export function useScreenAddress(): ScreenAddress {
  const [address, setAddress] = useState(() => readAddress());
  useEffect(() => {
    const mine = address.path;
    const follow = () => {
      const next = readAddress();
      if (next.path === mine) setAddress((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
    // The path is the one at mount: the screen's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return address;
}
