// Screen definitions as the server publishes them, kept for the session (issue 20: menu click to rows in 200 ms).
// The server tags each definition with an ETag and answers `no-cache`: the browser keeps the bytes and asks again with
// If-None-Match, so a definition that did not change costs a 304. The last answer of each screen is kept here too, so
// a screen opened again (or prefetched for the menu, checkedDefinitions.ts) renders from it at once while the server is
// asked in the background. Light on purpose: the shell's menu pages ask through it before the interpreter has loaded.
import { callApiTagged } from '../http/client';

export interface Definition {
  /** The server's tag of this version; a screen is validated once per tag. */
  etag: string | undefined;
  definition: unknown;
}

const latest = new Map<string, Definition>();
const asking = new Map<string, Promise<Definition>>();

/** The definition last received for `screenId`, if any. */
export function knownDefinition(screenId: string): Definition | undefined {
  return latest.get(screenId);
}

/** Asks the server for the published definition (one request per screen at a time, whoever asks). */
export function fetchDefinition(screenId: string, options: { background?: boolean } = {}): Promise<Definition> {
  const pending = asking.get(screenId);
  if (pending) return pending;
  const request = callApiTagged<unknown>('lowcode:GET screens/{id}', { values: { id: screenId }, silent: options.background, busy: !options.background })
    .then(({ data, etag }) => {
      const known = latest.get(screenId);
      // Same tag: keep the object already held, so what was validated from it stays valid.
      const answer = known && etag !== undefined && known.etag === etag ? known : { etag, definition: data };
      latest.set(screenId, answer);
      return answer;
    })
    .finally(() => asking.delete(screenId));
  asking.set(screenId, request);
  return request;
}
