import type { App } from 'antd';

/** antd's message, modal and notification bound to the app's context (locale, theme), for code outside components. */
export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | undefined;

export function setFeedback(api: Feedback): void {
  current = api;
}

export function feedback(): Feedback {
  if (!current) throw new Error('界面尚未就绪');
  return current;
}
