import { RESULT_OK } from './errors';
import type { Page } from '../../schemas/api/page';

/** Every answer of the server: resultCode 200 with data, or an error code with a Chinese errMsg. */
export interface Envelope<T> {
  resultCode: number;
  data: T | null;
  errMsg: string;
  /** On an unexpected failure: the id of the request, as its log lines carry it. */
  requestId?: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { resultCode: RESULT_OK, data, errMsg: '' };
}

export function fail(resultCode: number, errMsg: string, requestId?: string): Envelope<null> {
  return requestId === undefined ? { resultCode, data: null, errMsg } : { resultCode, data: null, errMsg, requestId };
}

