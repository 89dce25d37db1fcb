// The server's error catalogue: every failure a client can see, with its resultCode and Chinese message.
// Business failures answer HTTP 200 with a non-200 resultCode (the runtime shows them as warnings); only an unexpected
// exception answers HTTP 500 (the runtime shows it as an error).

export const RESULT_OK = 200;

export const ERROR_CATALOGUE = {
  invalidInput: { resultCode: 400, errMsg: '请求参数不正确' },
  loginFailed: { resultCode: 401, errMsg: '用户名或密码错误' },
  forbidden: { resultCode: 403, errMsg: '当前角色没有该菜单的权限，请联系管理员' },
  keyNotGranted: { resultCode: 403, errMsg: '当前菜单没有该操作的权限，请联系管理员' },
  menuMissing: { resultCode: 403, errMsg: '请求未指明菜单，无权访问' },
  notFound: { resultCode: 404, errMsg: '记录不存在或无权访问' },
  routeNotFound: { resultCode: 404, errMsg: '接口不存在' },
  badUrl: { resultCode: 400, errMsg: '请求地址不正确' },
  urlParameterTooLong: { resultCode: 400, errMsg: '请求地址中的参数过长' },
  conflict: { resultCode: 409, errMsg: '数据已被修改或已存在，请刷新后重试' },
  payloadTooLarge: { resultCode: 413, errMsg: '请求内容过大' },
  unsupportedMediaType: { resultCode: 415, errMsg: '不支持的请求内容类型' },
  sessionExpired: { resultCode: 40105, errMsg: '登录已过期，请重新登录' },
  loginLocked: { resultCode: 429, errMsg: '登录失败次数过多，请稍后再试' },
  authorizationInvalid: { resultCode: 40120, errMsg: '登录请求无效，请从系统首页重新登录' },
  authorizationCodeInvalid: { resultCode: 40121, errMsg: '授权码无效，请重新登录' },
  refreshTokenInvalid: { resultCode: 40122, errMsg: '登录凭证已失效，请重新登录' },
  accountNotEnabled: { resultCode: 40123, errMsg: '该账号未在本系统开通或已停用，请联系管理员' },
  signatureMissing: { resultCode: 40110, errMsg: '请求缺少签名，请刷新页面后重试' },
  timestampOutOfWindow: { resultCode: 40111, errMsg: '请求时间与服务器时间相差过大，请校准本机时间后重试' },
  signatureInvalid: { resultCode: 40112, errMsg: '请求签名校验失败' },
  replayedRequest: { resultCode: 40113, errMsg: '重复的请求已被拒绝' },
  internal: { resultCode: 500, errMsg: '系统出错，联系管理员' },
} as const;

export type ErrorKind = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly resultCode: number;
  constructor(kind: ErrorKind, message?: string) {
    super(message ?? ERROR_CATALOGUE[kind].errMsg);
    this.resultCode = ERROR_CATALOGUE[kind].resultCode;
  }
}
