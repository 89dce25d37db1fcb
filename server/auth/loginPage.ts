// The embedded provider's 用户登录 page: plain HTML and a stylesheet, no script (it runs under a strict policy and works
// with JavaScript off). The authorization request rides along in hidden fields; an error is shown above the form.
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams } from './embeddedProvider';

export const LOGIN_TEXT = {
  title: '用户登录',
  username: '用户名',
  password: '密码',
  submit: '登 录',
  invalidRequest: '无法登录',
  backToApp: '返回系统首页',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function page(systemName: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(LOGIN_TEXT.title)} - ${escapeHtml(systemName)}</title>
<link rel="stylesheet" href="login.css">
</head>
<body>
<main class="card">
<h1>${escapeHtml(systemName)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface LoginFormView {
  systemName: string;
  params: AuthorizeParams;
  username?: string;
  error?: string;
}

export function loginFormPage({ systemName, params, username = '', error }: LoginFormView): string {
  const hidden = AUTHORIZE_PARAM_NAMES.filter((name) => params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name]!)}">`)
    .join('\n');
  return page(
    systemName,
    `<h2>${LOGIN_TEXT.title}</h2>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="authorize" autocomplete="on">
${hidden}
<input name="username" placeholder="${LOGIN_TEXT.username}" aria-label="${LOGIN_TEXT.username}" autocomplete="username" required maxlength="64" value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<input name="password" type="password" placeholder="${LOGIN_TEXT.password}" aria-label="${LOGIN_TEXT.password}" autocomplete="current-password" required maxlength="128"${username ? ' autofocus' : ''}>
<button type="submit">${LOGIN_TEXT.submit}</button>
</form>`,
  );
}

/** A request the provider cannot honour: said plainly, with the way back to the app, never a redirect to an unchecked URI. */
export function invalidRequestPage(systemName: string, message: string): string {
  return page(systemName, `<h2>${LOGIN_TEXT.invalidRequest}</h2>\n<p class="error" role="alert">${escapeHtml(message)}</p>\n<p><a href="../">${LOGIN_TEXT.backToApp}</a></p>`);
}

export const LOGIN_STYLESHEET = `html,body{height:100%;margin:0}
body{display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#001529 0%,#1677ff 100%);font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:rgba(0,0,0,.88)}
.card{width:340px;padding:28px 32px 32px;background:#fff;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.25)}
h1{margin:0 0 4px;font-size:20px;text-align:center}
h2{margin:0 0 20px;font-size:15px;font-weight:normal;color:rgba(0,0,0,.45);text-align:center}
form{display:flex;flex-direction:column;gap:16px}
input{height:40px;padding:0 12px;font-size:15px;border:1px solid #d9d9d9;border-radius:6px;outline:none}
input:focus{border-color:#1677ff;box-shadow:0 0 0 2px rgba(5,145,255,.1)}
button{height:40px;font-size:16px;color:#fff;background:#1677ff;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#4096ff}
.error{margin:0 0 16px;padding:8px 12px;color:#cf1322;background:#fff2f0;border:1px solid #ffccc7;border-radius:6px;font-size:14px}
a{color:#1677ff}
`;
