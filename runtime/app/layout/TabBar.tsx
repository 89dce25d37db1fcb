import { ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import { HOME_PATH, tabs } from '../../stores/tabs';
import { refreshView } from '../routes/tabLimit';

/** The open menu tabs under the header: 概览 first and fixed; a tab's menu refreshes or closes it (or the others). */
export const TabBar = observer(function TabBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = (path: string) => {
    const next = tabs.close(path);
    if (next) navigate(next);
  };
  const menuOf = (path: string) => ({
    items: [
      { key: 'refresh', label: TEXT.tabs.refresh },
      { key: 'close', label: TEXT.tabs.close, disabled: path === HOME_PATH },
      { key: 'closeOthers', label: TEXT.tabs.closeOthers },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'refresh') refreshView(navigate, path);
      else if (key === 'close') close(path);
      else {
        tabs.closeOthers(path);
        if (path !== pathname) navigate(path);
      }
    },
  });
  const label = (path: string, title: string) => (
    <Dropdown menu={menuOf(path)} trigger={['contextMenu']}>
      <span className="dms-tab-label">{title}</span>
    </Dropdown>
  );
  const activeKey = tabs.isOpen(pathname) ? pathname : tabs.activePath;
  return (
    <Tabs
      className="dms-tabs"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      onChange={(path) => navigate(path)}
      onEdit={(target, action) => action === 'remove' && typeof target === 'string' && close(target)}
      tabBarExtraContent={
        <Tooltip title={TEXT.tabs.refreshCurrent}>
          <Button type="text" size="small" aria-label={TEXT.tabs.refreshCurrent} icon={<ReloadOutlined />} onClick={() => refreshView(navigate, activeKey)} />
        </Tooltip>
      }
      items={[
        { key: HOME_PATH, label: label(HOME_PATH, TEXT.layout.home), closable: false },
        ...tabs.tabs.map((tab) => ({ key: tab.path, label: label(tab.path, tab.title) })),
      ]}
    />
  );
});
