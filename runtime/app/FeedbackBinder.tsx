import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from './feedback';

/** Hands antd's context-bound message, modal and notification to code outside components (actions, http). */
export function FeedbackBinder() {
  const api = AntApp.useApp();
  useEffect(() => setFeedback(api), [api]);
  return null;
}
