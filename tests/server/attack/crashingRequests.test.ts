// Each request that ended the process or answered 500 (issue 19) answers a clear Chinese refusal now, writes nothing,
// and the server goes on answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from '../harness';
import { crashingRequests, type CrashingRequest } from './crashingRequests';
import { injectSender, signInOver, type Send } from './sender';
import { rowCounts } from './rowCounts';

describe(`requests that crashed the server (${DB_KIND})`, () => {
  let t: TestServer;
  let send: Send;
  let token: string;
  let requests: CrashingRequest[];

  beforeAll(async () => {
    t = await startTestServer();
    send = injectSender(t.app, t.config.requestSigning.key);
    token = await signInOver(send, 'd11001fwgw', 'Dms@2026');
    requests = await crashingRequests(send, token);
  });
  afterAll(async () => t?.close());

  it('[BO-UP-02] answers each with a clear Chinese refusal (never 500), writes nothing, and keeps answering', async () => {
    const before = await rowCounts(t.server.database.db);
    for (const { name, request, answer } of requests) {
      const got = await send(request);
      expect(got.status, name).toBe(200);
      expect(got.envelope?.resultCode, `${name}: ${got.text}`).toBe(answer.resultCode);
      if (typeof answer.errMsg === 'string') expect(got.envelope?.errMsg, name).toBe(answer.errMsg);
      else expect(got.envelope?.errMsg, name).toMatch(answer.errMsg);
      expect(got.envelope?.errMsg, name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await rowCounts(t.server.database.db)).toEqual(before);
    const still = await send({ method: 'GET', url: '/api/auth/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect(still.envelope).toMatchObject({ resultCode: 200 });
  });
});
