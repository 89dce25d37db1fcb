// One way to send a raw request, over Fastify's inject (in-process tests) or over a real socket (a server in its own
// process), so the same hostile requests are sent both ways. Every request is signed as the browser signs it unless it
// says otherwise; the body goes as given, bytes and all.
import type { FastifyInstance } from 'fastify';
import { randomNonce, signRequest } from '../../../schemas/signing/signature';
import type { Envelope } from '../../../server/http/envelope';
import { signInWithCode, type Call } from '../codeFlow';

export interface RawRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** false: no signature headers (the request signs itself, or tests the check). */
  signed?: boolean;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The envelope, when the answer is JSON. */
  envelope: Envelope<unknown> | undefined;
}

export type Send = (request: RawRequest) => Promise<RawAnswer>;

function answerOf(status: number, headers: Record<string, string>, text: string): RawAnswer {
  let envelope: Envelope<unknown> | undefined;
  if ((headers['content-type'] ?? '').includes('json')) {
    try {
      envelope = JSON.parse(text) as Envelope<unknown>;
    } catch {
      envelope = undefined;
    }
  }
  return { status, headers, text, envelope };
}

const signatureOf = (key: string, request: RawRequest) => (request.signed === false ? {} : signRequest(key, { method: request.method, url: request.url }, Date.now(), randomNonce()));

export function injectSender(app: FastifyInstance, signingKey: string): Send {
  return async (request) => {
    const response = await app.inject({ method: request.method as 'GET', url: request.url, payload: request.body, headers: { ...signatureOf(signingKey, request), ...request.headers } });
    return answerOf(response.statusCode, Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])), response.body);
  };
}

export function httpSender(base: string, signingKey: string): Send {
  return async (request) => {
    const response = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers: { ...signatureOf(signingKey, request), ...request.headers },
      body: typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body),
      redirect: 'manual',
    });
    return answerOf(response.status, Object.fromEntries(response.headers.entries()), await response.text());
  };
}

/** The code-flow sign-in over any sender; answers the access token. */
export async function signInOver(send: Send, userCode: string, password: string): Promise<string> {
  const call: Call = async ({ method, url, payload, headers }) => {
    const answer = await send({ method, url, body: payload === undefined ? undefined : JSON.stringify(payload), headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers } });
    return answer.envelope as never;
  };
  return (await signInWithCode(call, userCode, password)).token;
}
