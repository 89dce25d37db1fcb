// The requests that ended the process or answered 500 before issue 19, each with the clear answer it gets now. Sent by
// crashingRequests.test.ts in-process and by processGuard.test.ts to a server in its own process: a new crash found
// anywhere belongs in this list.
import { BOUNDARY, FILE_MENU, JPEG_HEAD, multipartBody } from '../uploadBodies';
import type { RawRequest, Send } from './sender';

export interface CrashingRequest {
  name: string;
  request: RawRequest;
  /** The envelope's resultCode and errMsg (a pattern when the message names a value). */
  answer: { resultCode: number; errMsg: string | RegExp };
}

const ORDERS = '/api/repair/order/repair/orders';
const ORDERS_MENU = '1101';

/** Builds the list for a signed-in dealer advisor (d11001fwgw); opens the chunked upload its oversize chunk goes to. */
export async function crashingRequests(send: Send, token: string): Promise<CrashingRequest[]> {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const multipart = { ...auth, menuId: FILE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const userInfo = await send({ method: 'GET', url: '/api/auth/userinfo', headers: auth });
  const userId = (userInfo.envelope?.data as { userId: number }).userId;
  const open = await send({
    method: 'POST',
    url: '/api/file/chunked/open',
    headers: { ...json, menuId: FILE_MENU },
    body: JSON.stringify({ fileName: 'clip.mp4', size: 1000, chunkSize: 100, fingerprint: `crash-${Date.now()}`, bucketType: 'video' }),
  });
  const uploadId = (open.envelope?.data as { uploadId: string }).uploadId;
  const oversizeChunk = multipartBody([{ field: 'file', name: 'blob', content: Buffer.alloc(5000, 0x41) }]);
  return [
    {
      name: 'an upload whose first chunk is over a limit the client lowered (maxSizeMb)',
      request: { method: 'POST', url: '/api/file/upload?maxSizeMb=0.001', headers: multipart, body: multipartBody([{ field: 'file', name: 'a.txt', content: Buffer.alloc(64 * 1024, 0x41) }]) },
      answer: { resultCode: 413, errMsg: '上传文件大小不能超过0.001MB!' },
    },
    {
      name: 'the several-file upload, its first file over the lowered limit',
      request: { method: 'POST', url: '/api/file/uploads?maxSizeMb=0.001', headers: multipart, body: multipartBody([{ field: 'files', name: 'a.jpg', content: Buffer.concat([JPEG_HEAD, Buffer.alloc(64 * 1024)]) }]) },
      answer: { resultCode: 413, errMsg: '上传文件大小不能超过0.001MB!' },
    },
    {
      name: 'a chunk of a chunked upload larger than its place in the file',
      request: { method: 'POST', url: `/api/file/chunked/chunk?userId=${userId}&timestamp=${Date.now()}&bucketType=video&uploadId=${uploadId}&index=0`, headers: multipart, body: oversizeChunk },
      answer: { resultCode: 400, errMsg: /分片/ },
    },
    {
      name: 'a NUL character in a list filter',
      request: { method: 'GET', url: `${ORDERS}?plateNo=${encodeURIComponent('京A\u0000')}`, headers: { ...auth, menuId: ORDERS_MENU } },
      answer: { resultCode: 400, errMsg: '车牌号不能包含空字符（\\0）' },
    },
    {
      name: 'a NUL character in a field of a written record',
      request: {
        method: 'PUT',
        url: '/api/lowcode/tableLayouts',
        headers: json,
        body: JSON.stringify({ layoutKey: 'repair.orders', columns: [{ dataIndex: 'roNo\u0000', hidden: false }], savedAt: '2026-06-30T10:00:00Z' }),
      },
      answer: { resultCode: 400, errMsg: '列标识不能包含空字符（\\0）' },
    },
    {
      name: 'a sort on a name every object inherits',
      request: { method: 'GET', url: `${ORDERS}?sort=${encodeURIComponent('constructor|asc')}`, headers: { ...auth, menuId: ORDERS_MENU } },
      answer: { resultCode: 400, errMsg: '不能按“constructor”排序' },
    },
    {
      name: 'a page number far past any table',
      request: { method: 'GET', url: `${ORDERS}?current=99999999999999999999&pageSize=50`, headers: { ...auth, menuId: ORDERS_MENU } },
      answer: { resultCode: 400, errMsg: /^页码/ },
    },
    {
      name: 'an id larger than any database integer',
      request: { method: 'GET', url: `${ORDERS}/99999999999`, headers: { ...auth, menuId: ORDERS_MENU } },
      answer: { resultCode: 400, errMsg: /^维修工单ID/ },
    },
  ];
}
