import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../runtime/app/AppProviders';

/** Renders inside the app's own providers (zh-cn locale, small controls, antd App context for modals and messages). */
export function renderInApp(ui: ReactElement) {
  return render(<AppProviders>{ui}</AppProviders>);
}
