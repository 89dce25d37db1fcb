import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { FeedbackBinder } from '../../runtime/app/FeedbackBinder';

/** Renders inside the same providers as the app (zh_CN locale, antd App context for modals and messages). */
export function renderInApp(ui: ReactElement) {
  return render(
    <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
      <AntApp component={false}>
        <FeedbackBinder />
        {ui}
      </AntApp>
    </ConfigProvider>,
  );
}
