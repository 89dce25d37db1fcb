// The error catalogue of back-office §8 as decisions: given an answer (or a failed request) and where the user is,
// what the caller gets and what the user is shown. The http client carries them out; keeping them pure lets every
// row of the catalogue be tested on its own.
import { TEXT } from '../../schemas/text/zh';
import { isEnvelope, isSessionExpired, isSuccess, messageOf, type ResponseEnvelope } from './envelope';

/** The result code a caller handles itself: it reaches the caller as a failure without any notice. */
export const SILENT_RESULT_CODE = 300;
/** The result code shown as an error rather than a warning. */
export const ERROR_RESULT_CODE = 500;

export type NoticeKind = 'warning' | 'error';

export type Verdict =
  | { outcome: 'success' }
  /** The session is over: warn once, then the login page. Shown on every page, the home page included. */
  | { outcome: 'sessionExpired'; message: string }
  /** The call fails; `notice` null means the user is not told (300, home page, cancelled). */
  | { outcome: 'failure'; message: string; notice: NoticeKind | null }
  /** The validate-one-click-delivery call: its failure body is its answer. */
  | { outcome: 'body' };

/** A verdict that fails the call. */
export type Refusal = Extract<Verdict, { outcome: 'sessionExpired' | 'failure' }>;

export interface Place {
  onHomePage: boolean;
}

/** An answer with HTTP success: the envelope decides. */
export function judgeAnswer(body: unknown, place: Place): Verdict {
  if (!isEnvelope(body) || isSuccess(body)) return { outcome: 'success' };
  const message = messageOf(body) ?? TEXT.common.systemError;
  if (isSessionExpired(body)) return { outcome: 'sessionExpired', message };
  if (body.resultCode === SILENT_RESULT_CODE || place.onHomePage) return { outcome: 'failure', message, notice: null };
  return { outcome: 'failure', message, notice: body.resultCode === ERROR_RESULT_CODE ? 'error' : 'warning' };
}

export interface HttpFailure {
  /** Present when the server answered (with an error status). */
  response?: { status: number; body: unknown };
  /** The transport error's message and code (axios: ERR_NETWORK, ECONNABORTED, ETIMEDOUT, ERR_CANCELED...). */
  errorMessage: string;
  code?: string | undefined;
  /** The call is the validate-one-click-delivery call. */
  returnsBody?: boolean;
}

/** An answer with an HTTP error status, or no answer at all. */
export function judgeHttpFailure(failure: HttpFailure, place: Place): Exclude<Verdict, { outcome: 'success' }> {
  if (failure.code === 'ERR_CANCELED') return { outcome: 'failure', message: failure.errorMessage, notice: null };
  const body = failure.response?.body;
  if (isEnvelope(body) && isSessionExpired(body)) return { outcome: 'sessionExpired', message: messageOf(body) ?? TEXT.common.systemError };
  if (failure.response && failure.returnsBody) return { outcome: 'body' };
  const message = failureMessage(failure);
  return { outcome: 'failure', message, notice: place.onHomePage ? null : 'error' };
}

function failureMessage({ response, errorMessage, code }: HttpFailure): string {
  const body = response?.body;
  if (body !== null && typeof body === 'object') return messageOf(body as ResponseEnvelope) ?? TEXT.common.systemError;
  if (typeof body === 'string' && body.trim()) return readableText(body);
  if (response) return TEXT.http.failedStatus(response.status);
  if (code === 'ERR_NETWORK') return TEXT.http.networkError;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return TEXT.http.timeout;
  return errorMessage || TEXT.common.systemError;
}

const MAX_TEXT = 200;

/** A proxy's error page arrives as HTML: the user sees its title or its text, not its markup. */
function readableText(body: string): string {
  const html = /^\s*</.test(body);
  const title = html ? /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1] : undefined;
  const text = (title ?? (html ? body.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>|<[^>]+>/gi, ' ') : body)).replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text || TEXT.common.systemError;
}
