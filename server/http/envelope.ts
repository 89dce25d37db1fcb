import { RESULT_OK } from './errors';

/** Every answer of the server: resultCode 200 with data, or an error code with a Chinese errMsg. */
export interface Envelope<T> {
  resultCode: number;
  data: T | null;
  errMsg: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { resultCode: RESULT_OK, data, errMsg: '' };
}

export function fail(resultCode: number, errMsg: string): Envelope<null> {
  return { resultCode, data: null, errMsg };
}

/** A list page: tables read `total` and `items`. */
export interface Page<T> {
  total: number;
  items: T[];
}
