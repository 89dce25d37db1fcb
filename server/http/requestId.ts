// Every request gets an id that its log lines carry (pino's reqId) and its answer carries (X-Request-Id), so a user's
// report of a failure leads straight to the log. An id set by a gateway in front is kept when it looks like one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE.test(given) ? given : randomUUID();
}
