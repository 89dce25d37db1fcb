// Routes that exist only for the http-contract tests (config.testRoutes: DMS_TEST_ROUTES=1, refused when
// NODE_ENV=production). They let the real client meet every row of the error catalogue over real HTTP: any status
// with an object, string or HTML body, a crash, a dropped connection, a slow answer, and an echo of what arrived.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';

const ECHOED_HEADERS = ['authorization', 'clientid', 'grayid', 'menuid', 'timestamp', 'nonce', 'signature', 'x-sdk-date', 'x-sdk-content-sha256', 'x-sdk-authorization'];

function echo(request: { method: string; url: string; headers: Record<string, unknown>; body?: unknown }) {
  return ok({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(ECHOED_HEADERS.filter((name) => request.headers[name] !== undefined).map((name) => [name, request.headers[name]])),
    cookies: String(request.headers.cookie ?? '')
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => pair.split('=')[0]),
    body: request.body ?? null,
  });
}

interface AnswerQuery {
  status?: number;
  json?: string;
  text?: string;
  type?: string;
  delayMs?: number;
}

const answerQuery = {
  type: 'object',
  properties: {
    status: { type: 'integer', minimum: 200, maximum: 599, title: 'HTTP 状态' },
    json: { type: 'string', title: 'JSON 应答' },
    text: { type: 'string', title: '文本应答' },
    type: { type: 'string', title: '内容类型' },
    delayMs: { type: 'integer', minimum: 0, maximum: 10_000, title: '延迟' },
  },
} as const;

/** Under /api/test: signed like every /api call, no session needed. */
export async function contractTestRoutes(app: FastifyInstance): Promise<void> {
  app.route({ method: ['GET', 'POST'], url: '/echo', handler: async (request) => echo(request) });

  app.route<{ Querystring: AnswerQuery }>({
    method: ['GET', 'POST'],
    url: '/answer/:label',
    schema: { querystring: answerQuery },
    handler: async (request, reply) => {
      const { status = 200, json, text, type, delayMs } = request.query;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      reply.code(status);
      if (text !== undefined) return reply.type(type ?? 'text/plain; charset=utf-8').send(text);
      return reply.send(json === undefined ? ok(null) : (JSON.parse(json) as unknown));
    },
  });

  app.get('/crash', async () => {
    throw new Error('contract test: an unexpected failure with a stack trace that must stay in the log');
  });

  app.get('/hangup', async (request, reply) => {
    reply.hijack();
    request.raw.socket.destroy();
  });
}

/** Under /openapi/test: checked with the signed-date scheme and the bearer token, like every open-api call. */
export async function openApiContractTestRoutes(app: FastifyInstance): Promise<void> {
  // A streamed body, as an upload handler reads it: counted, not buffered by a parser.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.route({
    method: ['GET', 'POST'],
    url: '/echo',
    handler: async (request) => {
      if (!(request.body instanceof Readable)) return echo(request);
      let bytes = 0;
      for await (const chunk of request.body) bytes += (chunk as Buffer).length;
      return echo({ ...request, headers: request.headers, method: request.method, url: request.url, body: { bytes } });
    },
  });
}
