import { HomeOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../../config/runtimeConfig';
import { TEXT } from '../../../schemas/text/zh';
import { isValidMenuItem, session, usableChildren, type MenuItem } from '../../stores/session';
import { HOME_PATH } from '../../stores/tabs';
import { ui } from '../../stores/ui';
import { signOut } from '../login/signOut';
import { menuIcon } from '../menuIcons';
import { openMenuPage } from '../routes/tabLimit';
import { MessageBell } from './MessageBell';
import { MenuSearch } from './MenuSearch';
import { menuTrail } from './menuTrail';
import { PageHost } from './PageHost';

// The to-do count loads after the first screen: the first screen's JS is held to 350 KB gzip (issue 20), and the count
// is asked of the server after start anyway.
const TodoBell = lazy(() => import('./TodoBell').then((m) => ({ default: m.TodoBell })));
import { StarredMenuList, StarToggle } from './StarredMenus';
import { TabBar } from './TabBar';

type MenuEntry = Required<MenuProps>['items'][number];

const LOGOUT_BUTTON = 'layout.logout';

function toMenuEntries(items: MenuItem[]): MenuEntry[] {
  return items.map((item) => {
    const children = usableChildren(item);
    return item.children.length > 0
      ? { key: item.path, icon: menuIcon(item.meta.icon), label: item.meta.title, children: toMenuEntries(children) }
      : { key: item.path, icon: menuIcon(item.meta.icon), label: item.meta.title };
  });
}

/** The main layout: the server's menu tree in the collapsible sidebar; breadcrumb, star, starred list, messages, the
 * user and logout in the header; the open tabs; the pages. */
export const MainLayout = observer(function MainLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const collapsed = ui.collapsed;
  const entries = useMemo(() => toMenuEntries(session.menus.filter(isValidMenuItem)), [session.menus]);
  const chain = menuTrail(session.menus, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const groupsOfPage = chain.slice(0, -1).map((m) => m.path).join(' ');
  // Opening a page from elsewhere (a link, a tab, the address bar) unfolds its menu groups.
  useEffect(() => {
    if (groupsOfPage) setOpenKeys((open) => [...new Set([...open, ...groupsOfPage.split(' ')])]);
  }, [groupsOfPage]);
  const systemName = runtimeConfig().systemName;
  const logout = () => void ui.whileLoading(LOGOUT_BUTTON, () => signOut());

  return (
    <Layout className="dms-layout">
      <Layout.Sider className="dms-sider" collapsible collapsed={collapsed} trigger={null} width={220} theme="dark">
        <div className="dms-logo">{collapsed ? 'DMS' : systemName}</div>
        <Menu
          className="dms-sider-menu"
          theme="dark"
          mode="inline"
          selectedKeys={[pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          items={[{ key: HOME_PATH, icon: <HomeOutlined />, label: TEXT.layout.home }, ...entries]}
          onClick={({ key }) => openMenuPage(navigate, key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="dms-header">
          <Button
            type="text"
            aria-label={collapsed ? TEXT.layout.expand : TEXT.layout.collapse}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => ui.toggleSidebar()}
          />
          <div className="dms-breadcrumb">
            {pathname === HOME_PATH ? null : (
              <Space size={4}>
                <Breadcrumb items={chain.map((m) => ({ title: m.meta.title }))} />
                <StarToggle />
              </Space>
            )}
          </div>
          <Space className="dms-user">
            <MenuSearch />
            <StarredMenuList />
            <Suspense fallback={null}>
              <TodoBell />
            </Suspense>
            <MessageBell />
            <UserOutlined />
            <Typography.Text data-testid="current-user">{session.user?.employeeName}</Typography.Text>
            <Typography.Text type="secondary">{session.user?.orgName}</Typography.Text>
            <Button type="link" icon={<LogoutOutlined />} loading={ui.isLoading(LOGOUT_BUTTON)} onClick={logout}>
              {TEXT.layout.logout}
            </Button>
          </Space>
        </Layout.Header>
        <TabBar />
        <Layout.Content className="dms-content">
          <PageHost />
        </Layout.Content>
      </Layout>
    </Layout>
  );
});
