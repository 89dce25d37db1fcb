// The digital-estate service's call of back-office §7 (other services): POST file/publish/{uid} under the service's own
// base (/digital-estate, as the runtime's service registry says), which makes a stored file readable by anyone signed
// in. Only a reader of the file may publish it, and a malformed uid is refused in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, PublishedFile } from '../../server/files/storedFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { BOUNDARY, FILE_MENU, multipartBody, PDF_HEAD } from './uploadBodies';

const PUBLISH = (uid: string) => `/digital-estate/file/publish/${uid}`;

describe(`the digital-estate service (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw')]);
  });
  afterAll(() => t?.close());

  const upload = async (name: string, token: string): Promise<FileInfo> => {
    const url = '/api/file/upload';
    const payload = multipartBody([{ field: 'file', name, content: Buffer.concat([PDF_HEAD, Buffer.from(`${name} ${Date.now()}`)]) }]);
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${token}`, menuId: FILE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    return response.json().data as FileInfo;
  };
  const download = (uid: string, token: string) => t.call({ method: 'GET', url: `/api/file/download/${uid}`, token });
  const publish = (uid: string, token: string, menuId?: string | null) => t.call<PublishedFile>({ method: 'POST', url: PUBLISH(uid), token, ...(menuId !== undefined ? { menuId } : {}) });

  it('[BO-API-11] POST file/publish/{uid} of the digital-estate service answers the uid and when it was published; the file is then readable by another dealer', async () => {
    const route = t.app.routeAccessTable.find((r) => r.method === 'POST' && r.url === '/digital-estate/file/publish/:uid');
    expect(route).toMatchObject({ access: 'menu', key: 'POST_digital-estate_file/publish/{uid}' });
    const { uid } = await upload('维修委托书.pdf', advisor);
    expect((await download(uid, otherDealer)).resultCode).toBe(404);

    const answer = await publish(uid, advisor);
    expect(answer).toMatchObject({ httpStatus: 200, resultCode: 200 });
    expect(answer.data).toEqual({ uid, publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await download(uid, otherDealer)).httpStatus).toBe(200);
    // Publishing again keeps the first time.
    expect((await publish(uid, advisor)).data).toEqual(answer.data);
  });

  it('[BO-API-11] a second dealer cannot publish the first one’s file: it answers as not found and the file stays private', async () => {
    const { uid } = await upload('报价单.pdf', advisor);
    expect(await publish(uid, otherDealer)).toMatchObject({ resultCode: 404, errMsg: '记录不存在或无权访问', data: null });
    expect((await download(uid, otherDealer)).resultCode).toBe(404);
    expect((await download(uid, advisor)).httpStatus).toBe(200);
  });

  it('[BO-API-11] a malformed uid answers 400 in Chinese naming the file number; without the menu that grants the key the call is refused', async () => {
    const wrong = await publish('not-a-uid', advisor);
    expect(wrong).toMatchObject({ resultCode: 400, data: null });
    expect(wrong.errMsg).toMatch(/^文件编号/);
    expect(wrong.errMsg).not.toMatch(/must|should/i);
    const { uid } = await upload('合同.pdf', advisor);
    expect((await publish(uid, advisor, null)).resultCode).toBe(403);
    expect((await download(uid, otherDealer)).resultCode).toBe(404);
  });
});
