import { AllCommunityModule } from 'ag-grid-community';
import { AgGridProvider } from 'ag-grid-react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { observer } from 'mobx-react-lite';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BusyIndicator } from '../blocks/BusyIndicator';
import { setMenuIdResolver, setSessionExpiredHandler } from '../http/credentials';
import { session } from '../stores/session';
import { FeedbackBinder } from './FeedbackBinder';
import { HomePage } from './HomePage';
import { LoginPage } from './LoginPage';
import { MainLayout } from './MainLayout';
import { MenuPage } from './MenuPage';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession } from './RequireSession';

const gridModules = [AllCommunityModule];

const currentPath = () => window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
setMenuIdResolver(() => session.menuForPath(currentPath())?.id);
setSessionExpiredHandler(() => {
  session.logout();
  window.location.hash = '#/login';
});

const AppRoutes = observer(function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireSession>
            <MainLayout />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="/home" element={<HomePage />} />
        {session.leaves.map((menu) => (
          <Route key={menu.id} path={menu.path} element={<MenuPage menu={menu} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
});

export function App() {
  return (
    <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }} theme={{ token: { borderRadius: 4 } }}>
      <AntApp component={false}>
        <FeedbackBinder />
        <BusyIndicator />
        <AgGridProvider modules={gridModules}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </AgGridProvider>
      </AntApp>
    </ConfigProvider>
  );
}
