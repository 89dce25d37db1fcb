import { describe, expect, it } from 'vitest';
import { ApiFailure, isHomePage, returnsBodyOnFailure } from '../../runtime/http/client';
import { isSuccess } from '../../runtime/http/envelope';
import { judgeAnswer, judgeHttpFailure } from '../../runtime/http/responseRules';
import { importFailureMessage, transferFailureMessage } from '../../runtime/http/transferMessages';

const away = { onHomePage: false };
const home = { onHomePage: true };
const FALLBACK = '系统出错，联系管理员';

describe('success normalisation', () => {
  it("[BO-ERR-01] returnCode '0' is a success", () => expect(isSuccess({ returnCode: '0' })).toBe(true));
  it("[BO-ERR-02] return_code '0' is a success", () => expect(isSuccess({ return_code: '0' })).toBe(true));
  it('[BO-ERR-03] code 200 is a success', () => expect(isSuccess({ code: 200 })).toBe(true));
  it('[BO-ERR-04] resultCode 0 is a success, as is resultCode 200', () => {
    expect(isSuccess({ resultCode: 0 })).toBe(true);
    expect(isSuccess({ resultCode: 200 })).toBe(true);
  });
  it('[BO-ERR-05] status SUCCESS is a success', () => expect(isSuccess({ status: 'SUCCESS' })).toBe(true));

  it('anything else is not, and a body that is no envelope (a file, a list) passes untouched', () => {
    for (const body of [{ resultCode: 400 }, { returnCode: '1' }, { code: 500 }, { status: 'FAIL' }, { resultCode: '0' }]) expect(isSuccess(body)).toBe(false);
    expect(judgeAnswer([1, 2], away)).toEqual({ outcome: 'success' });
    expect(judgeAnswer('plain text', away)).toEqual({ outcome: 'success' });
  });
});

describe('session expiry', () => {
  it('[BO-ERR-06] returnCode 40105 is a session expiry', () => {
    expect(judgeAnswer({ returnCode: '40105', returnMessage: '令牌失效' }, away)).toEqual({ outcome: 'sessionExpired', message: '令牌失效' });
  });
  it('[BO-ERR-07] resultCode 40105 is a session expiry, in an HTTP error answer too', () => {
    expect(judgeAnswer({ resultCode: 40105, errMsg: '登录已过期，请重新登录' }, away)).toEqual({ outcome: 'sessionExpired', message: '登录已过期，请重新登录' });
    expect(judgeHttpFailure({ response: { status: 401, body: { resultCode: 40105 } }, errorMessage: 'x' }, away)).toMatchObject({ outcome: 'sessionExpired' });
  });
  it('[BO-ERR-08] AUTH-OBTAIN-USER-INFO as returnCode or resultCode is a session expiry', () => {
    expect(judgeAnswer({ returnCode: 'AUTH-OBTAIN-USER-INFO' }, away)).toMatchObject({ outcome: 'sessionExpired' });
    expect(judgeAnswer({ resultCode: 'AUTH-OBTAIN-USER-INFO' }, away)).toMatchObject({ outcome: 'sessionExpired' });
  });
  it('[BO-ERR-09] the warning text is the error message, or 系统出错，联系管理员', () => {
    expect(judgeAnswer({ resultCode: 40105, errMsg: '请重新登录' }, away)).toMatchObject({ message: '请重新登录' });
    expect(judgeAnswer({ resultCode: 40105 }, away)).toMatchObject({ message: FALLBACK });
  });
  it('[BO-ERR-16] is announced on the home page too: it explains why the login page comes', () => {
    expect(judgeAnswer({ resultCode: 40105 }, home)).toMatchObject({ outcome: 'sessionExpired' });
  });
});

describe('other resultCode values', () => {
  it('[BO-ERR-12] resultCode 300 reaches the caller without a notice', () => {
    expect(judgeAnswer({ resultCode: 300, errMsg: '需要确认' }, away)).toEqual({ outcome: 'failure', message: '需要确认', notice: null });
  });
  it('[BO-ERR-13] any other non-200 resultCode warns with errMsg, cause or returnMessage', () => {
    expect(judgeAnswer({ resultCode: 400, errMsg: '进厂里程不能为空' }, away)).toEqual({ outcome: 'failure', message: '进厂里程不能为空', notice: 'warning' });
    expect(judgeAnswer({ resultCode: 409, cause: '数据已被修改' }, away)).toMatchObject({ message: '数据已被修改', notice: 'warning' });
    expect(judgeAnswer({ returnCode: '9', returnMessage: '外部系统拒绝' }, away)).toMatchObject({ message: '外部系统拒绝', notice: 'warning' });
  });
  it('[BO-ERR-14] falls back to 系统出错，联系管理员', () => {
    expect(judgeAnswer({ resultCode: 400, errMsg: '' }, away)).toMatchObject({ message: FALLBACK, notice: 'warning' });
  });
  it('[BO-ERR-15] resultCode 500 is an error-style notice', () => {
    expect(judgeAnswer({ resultCode: 500, errMsg: '系统出错，联系管理员' }, away)).toMatchObject({ notice: 'error' });
  });
  it('[BO-ERR-16] nothing is shown on the home page, and the call still fails', () => {
    expect(judgeAnswer({ resultCode: 400, errMsg: 'x' }, home)).toEqual({ outcome: 'failure', message: 'x', notice: null });
    expect(judgeAnswer({ resultCode: 500 }, home)).toMatchObject({ notice: null });
  });
  it('[BO-ERR-16] the home page is #/home, and #/ which leads there', () => {
    for (const hash of ['#/home', '#/', '', '#/home?tab=1']) expect(isHomePage(hash)).toBe(true);
    for (const hash of ['#/login', '#/repair/repairBusiness/repairOrder/index', '#/homework']) expect(isHomePage(hash)).toBe(false);
  });
});

describe('HTTP failures', () => {
  it('[BO-ERR-17] an object body shows its errMsg as an error', () => {
    expect(judgeHttpFailure({ response: { status: 404, body: { resultCode: 404, errMsg: '接口不存在' } }, errorMessage: 'Request failed' }, away)).toEqual({
      outcome: 'failure',
      message: '接口不存在',
      notice: 'error',
    });
    expect(judgeHttpFailure({ response: { status: 400, body: { error: 'Bad Request' } }, errorMessage: 'x' }, away)).toMatchObject({ message: FALLBACK });
  });
  it('[BO-ERR-18] a string body shows its text; an HTML error page shows its title, not its markup', () => {
    expect(judgeHttpFailure({ response: { status: 502, body: '网关超时' }, errorMessage: 'x' }, away)).toMatchObject({ message: '网关超时', notice: 'error' });
    const html = '<html><head><title>502 Bad Gateway</title><style>b{}</style></head><body><h1>502</h1></body></html>';
    expect(judgeHttpFailure({ response: { status: 502, body: html }, errorMessage: 'x' }, away)).toMatchObject({ message: '502 Bad Gateway' });
    expect(judgeHttpFailure({ response: { status: 502, body: '<p>上游 <b>不可用</b></p>' }, errorMessage: 'x' }, away)).toMatchObject({ message: '上游 不可用' });
    expect(judgeHttpFailure({ response: { status: 503, body: '' }, errorMessage: 'x' }, away)).toMatchObject({ message: '请求失败（HTTP 503）' });
  });
  it('[BO-ERR-19] with no response, the error message shows (known transport errors in Chinese)', () => {
    expect(judgeHttpFailure({ errorMessage: 'socket hang up', code: 'ECONNRESET' }, away)).toMatchObject({ message: 'socket hang up', notice: 'error' });
    expect(judgeHttpFailure({ errorMessage: 'Network Error', code: 'ERR_NETWORK' }, away)).toMatchObject({ message: '网络连接失败，请检查网络后重试' });
    expect(judgeHttpFailure({ errorMessage: 'timeout of 1800000ms exceeded', code: 'ECONNABORTED' }, away)).toMatchObject({ message: '请求超时，请稍后重试' });
  });
  it('[BO-ERR-20] nothing is shown on the home page; a cancelled request is never announced', () => {
    expect(judgeHttpFailure({ response: { status: 500, body: { errMsg: 'x' } }, errorMessage: 'x' }, home)).toMatchObject({ outcome: 'failure', notice: null });
    expect(judgeHttpFailure({ errorMessage: 'canceled', code: 'ERR_CANCELED' }, away)).toMatchObject({ notice: null });
  });
  it('[BO-ERR-21] the validate-one-click-delivery call gets its body back', () => {
    expect(judgeHttpFailure({ response: { status: 400, body: { resultCode: 400 } }, errorMessage: 'x', returnsBody: true }, away)).toEqual({ outcome: 'body' });
    expect(returnsBodyOnFailure('/api/2b/drive/GiveCar/validateOneClickDelivery')).toBe(true);
    expect(returnsBodyOnFailure('/api/2b/drive/GiveCar/validateOneClickDelivery?vin=1')).toBe(true);
    expect(returnsBodyOnFailure('/api/2b/drive/GiveCar/validateOneClickDeliveryList')).toBe(false);
  });
});

describe('upload, download and import failure messages', () => {
  const noErrMsg = new ApiFailure('x', { resultCode: 500, errMsg: '' });
  const withErrMsg = new ApiFailure('x', { resultCode: 400, errMsg: '文件类型不支持' });

  it('[BO-ERR-22] image upload failure shows 图片上传失败！', () => expect(transferFailureMessage('imageUpload', noErrMsg)).toBe('图片上传失败！'));
  it('[BO-ERR-23] image download failure shows 图片下载失败！', () => expect(transferFailureMessage('imageDownload', new Error('Network Error'))).toBe('图片下载失败！'));
  it('[BO-ERR-24] file upload failure shows 文件上传失败！ by default, or the text the caller configures', () => {
    expect(transferFailureMessage('fileUpload', undefined)).toBe('文件上传失败！');
    expect(transferFailureMessage('fileUpload', noErrMsg, '附件上传失败')).toBe('附件上传失败');
  });
  it('[BO-ERR-25] file download failure shows 文件下载失败！', () => expect(transferFailureMessage('fileDownload', noErrMsg)).toBe('文件下载失败！'));
  it("[BO-ERR-26] the server's errMsg wins when present, from a thrown failure or an answered envelope", () => {
    expect(transferFailureMessage('fileUpload', withErrMsg)).toBe('文件类型不支持');
    expect(transferFailureMessage('imageDownload', { resultCode: 404, errMsg: '文件不存在' })).toBe('文件不存在');
  });
  it('[BO-ERR-27] an import with refused rows shows 数据格式错误！', () => {
    expect(importFailureMessage({ resultCode: 200 }, 3)).toBe('数据格式错误！');
    expect(importFailureMessage({ resultCode: 200 }, 0)).toBeUndefined();
  });
  it("[BO-ERR-28] an import answered with resultCode not 200 shows the server's errMsg", () => {
    expect(importFailureMessage({ resultCode: 400, errMsg: '模板不正确' }, 0)).toBe('模板不正确');
  });
});
