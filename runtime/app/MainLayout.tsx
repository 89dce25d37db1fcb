import { HomeOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../config/runtimeConfig';
import { TEXT } from '../i18n/zh';
import { isValidMenuItem, session, type MenuItem } from '../stores/session';
import { menuIcon } from './menuIcons';

type MenuEntry = Required<MenuProps>['items'][number];

function toMenuEntries(items: MenuItem[]): MenuEntry[] {
  return items.filter(isValidMenuItem).map((item) =>
    item.children.length > 0
      ? { key: item.path, icon: menuIcon(item.meta.icon), label: item.meta.title, children: toMenuEntries(item.children) }
      : { key: item.path, icon: menuIcon(item.meta.icon), label: item.meta.title },
  );
}

/** The chain of menu items from the top level to the leaf at `path`. */
function trail(items: MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = trail(item.children, path);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/** The main layout: the server's menu tree in the sidebar, the user and logout in the header, the page below. */
export const MainLayout = observer(function MainLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const entries = useMemo(() => toMenuEntries(session.menus), [session.menus]);
  const chain = trail(session.menus, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const groupsOfPage = chain.slice(0, -1).map((m) => m.path).join(' ');
  // Opening a page from elsewhere (a link, the address bar) unfolds its menu groups.
  useEffect(() => {
    if (groupsOfPage) setOpenKeys((open) => [...new Set([...open, ...groupsOfPage.split(' ')])]);
  }, [groupsOfPage]);
  const title = chain.at(-1)?.meta.title ?? (pathname === '/home' ? TEXT.layout.home : '');
  const systemName = runtimeConfig().systemName;

  useEffect(() => {
    document.title = title ? `${systemName} - ${title}` : systemName;
  }, [systemName, title]);

  const logout = () => {
    session.logout();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className="dms-layout">
      <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} theme="dark">
        <div className="dms-logo">{collapsed ? 'DMS' : systemName}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          items={[{ key: '/home', icon: <HomeOutlined />, label: TEXT.layout.home }, ...entries]}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="dms-header">
          <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed(!collapsed)} />
          {pathname === '/home' ? null : (
            <Breadcrumb className="dms-breadcrumb" items={chain.map((m) => ({ title: m.meta.title }))} />
          )}
          <Space className="dms-user">
            <UserOutlined />
            <Typography.Text data-testid="current-user">{session.user?.employeeName}</Typography.Text>
            <Typography.Text type="secondary">{session.user?.orgName}</Typography.Text>
            <Button type="link" icon={<LogoutOutlined />} onClick={logout}>
              {TEXT.layout.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="dms-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
});
