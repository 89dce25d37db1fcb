import type { App } from 'antd';
import { TEXT } from '../../schemas/text/zh';

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

/** A confirmation dialog (titled 提示信息 unless named, 确定/取消 unless named) answered as a promise: true on OK. */
export function askConfirm(options: { content: string; title?: string; okText?: string; cancelText?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title: options.title ?? TEXT.common.tipTitle,
      content: options.content,
      okText: options.okText ?? TEXT.common.ok,
      cancelText: options.cancelText ?? TEXT.common.cancel,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
