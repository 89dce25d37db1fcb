// Answers that change rarely and are asked often (a screen's published definition, issue 20): an ETag of the bytes
// sent, `no-cache` so the browser keeps the answer and asks again with If-None-Match each time, and 304 without a body
// when nothing changed. The tag is a hash of the content, so it is right across restarts and re-imported screens.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** True when one of the tags of an If-None-Match header is `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends `answer` as JSON with its ETag, or 304 when the browser already holds these bytes. */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply {
  const body = JSON.stringify(answer);
  const etag = etagOf(body);
  // private: the answer went through this user's access check; shared caches must not hand it to others.
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
