import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { FeedbackBinder } from './FeedbackBinder';
import { usePrefersReducedMotion } from './reducedMotion';

/**
 * What every screen inherits from the app root (back-office §9, building-blocks §2 item 13): the zh-cn locale, small
 * controls, the theme, antd's App context for messages and dialogs. One component, so the component tests render
 * inside the app's own providers and see what the app shows, not a copy that could drift. Motion follows the user's
 * system setting (reducedMotion.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }} theme={{ token: { borderRadius: 4, motion } }}>
      <AntApp component={false}>
        <FeedbackBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
