// The response envelope of back-office §3 and the success rule of §8.

export interface ResponseEnvelope<T = unknown> {
  resultCode?: number | string;
  returnCode?: string | number;
  return_code?: string | number;
  code?: number | string;
  status?: string;
  data?: T;
  errMsg?: string;
  cause?: string;
  returnMessage?: string;
  /** The server's id of a request that failed unexpectedly (its log lines carry it). */
  requestId?: string;
}

export function isEnvelope(body: unknown): body is ResponseEnvelope {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return ['resultCode', 'returnCode', 'return_code', 'code', 'status'].some((key) => key in body);
}

export function isSuccess(body: ResponseEnvelope): boolean {
  return (
    body.resultCode === 200 ||
    body.resultCode === 0 ||
    body.returnCode === '0' ||
    body.return_code === '0' ||
    body.code === 200 ||
    body.status === 'SUCCESS'
  );
}

export const SESSION_EXPIRED_CODES: readonly (string | number)[] = [40105, '40105', 'AUTH-OBTAIN-USER-INFO'];

export function isSessionExpired(body: ResponseEnvelope): boolean {
  return SESSION_EXPIRED_CODES.includes(body.resultCode ?? '') || SESSION_EXPIRED_CODES.includes(body.returnCode ?? '');
}

export function messageOf(body: ResponseEnvelope): string | undefined {
  return body.errMsg || body.cause || body.returnMessage || undefined;
}
