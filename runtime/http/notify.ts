// Notifications of back-office §9: shown for 3000 ms, and while one shows, further ones are dropped for that time, so
// ten calls failing together tell the user once instead of stacking ten boxes.
import { notification } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../app/feedback';
import { TEXT } from '../../schemas/text/zh';

export const NOTIFY_DURATION_MS = 3000;

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface NoticeOptions {
  title?: ReactNode;
  /** Shown even while another notification shows (the session-expiry notice explains a page change). */
  force?: boolean;
}

let showing: string | undefined;
let quietUntil = 0;
let sequence = 0;

// The app-context instance follows the app's locale and theme; before the app mounts (or in a bare test) antd's
// static instance still shows the notice.
function notifications(): Pick<typeof notification, 'open'> {
  try {
    return feedback().notification;
  } catch {
    return notification;
  }
}

/** Shows a notification titled 提示信息 by default; answers false when it was suppressed. */
export function notify(type: NoticeType, description: ReactNode, { title = TEXT.common.tipTitle, force = false }: NoticeOptions = {}): boolean {
  const now = Date.now();
  if (!force && showing !== undefined && now < quietUntil) return false;
  const key = `dms-notice-${++sequence}`;
  showing = key;
  quietUntil = now + NOTIFY_DURATION_MS;
  notifications().open({
    type,
    key,
    title,
    description,
    duration: NOTIFY_DURATION_MS / 1000,
    className: `dms-notice dms-notice-${type}`,
    onClose: () => {
      if (showing === key) showing = undefined;
    },
  });
  return true;
}
