// What the user reads when an upload, a download or an import fails (back-office §8): the server's errMsg when it
// gives one, otherwise the default text of the kind of transfer.
import { TEXT } from '../../schemas/text/zh';
import { ApiFailure } from './client';
import { isEnvelope, isSuccess, type ResponseEnvelope } from './envelope';

export type TransferKind = 'imageUpload' | 'imageDownload' | 'fileUpload' | 'fileDownload';

export const TRANSFER_FAILURE_DEFAULTS: Record<TransferKind, string> = {
  imageUpload: TEXT.transfer.imageUploadFailed,
  imageDownload: TEXT.transfer.imageDownloadFailed,
  fileUpload: TEXT.transfer.fileUploadFailed,
  fileDownload: TEXT.transfer.fileDownloadFailed,
};

/** `failure` is what the call threw (an ApiFailure) or the envelope it answered; `fallback` replaces the default. */
export function transferFailureMessage(kind: TransferKind, failure: unknown, fallback: string = TRANSFER_FAILURE_DEFAULTS[kind]): string {
  const body = failure instanceof ApiFailure ? failure.body : isEnvelope(failure) ? failure : undefined;
  return body?.errMsg || fallback;
}

/** An import's answer: the server's errMsg when it did not succeed, 数据格式错误！ when rows were refused, else nothing. */
export function importFailureMessage(answer: ResponseEnvelope, refusedRows: number): string | undefined {
  if (!isSuccess(answer)) return answer.errMsg || TEXT.common.systemError;
  return refusedRows > 0 ? TEXT.transfer.importFormatError : undefined;
}
