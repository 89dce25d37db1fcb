import { observer } from 'mobx-react-lite';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BusyIndicator } from '../blocks/BusyIndicator';
import { setMenuIdResolver, setSessionExpiredHandler } from '../http/credentials';
import { TEXT } from '../../schemas/text/zh';
import { session } from '../stores/session';
import { HOME_PATH } from '../stores/tabs';
import { AppProviders } from './AppProviders';
import { MainLayout } from './layout/MainLayout';
import { NavigationProgress } from './layout/NavigationProgress';
import { PageTitle } from './layout/PageTitle';
import { TagMarker } from './layout/TagMarker';
import { PlainLayout } from './layout/PlainLayout';
import { usesPlainView } from './layout/shellMode';
import { endSession } from './login/signOut';
import { LoginPage } from './pages/LoginPage';
import { UnknownPathPage } from './pages/NotFoundPage';
import { PREVIEW_IMAGE_PATH, PreviewImagePage } from './pages/PreviewImagePage';
import { StandaloneScreen } from './pages/StandaloneScreen';
import { menuRoutes } from './routes/menuRoutes';
import { pageMenuOf } from './routes/pageMenus';
import { EDITOR_ROUTE, EditorRoute } from './pages/builtinPages';
import { NavigationGuard } from './routes/NavigationGuard';
import { REDIRECT_PREFIX, RedirectPage } from './routes/RedirectPage';
import { TokenFromAddress } from './routes/TokenFromAddress';

/** The route of the address, without its query. */
export const currentPath = () => window.location.hash.replace(/^#/, '').split('?')[0] ?? '';

const currentRoute = () => window.location.hash.replace(/^#/, '') || HOME_PATH;

setMenuIdResolver(() => session.pageMenu(currentPath())?.id ?? pageMenuOf(currentPath()));
setSessionExpiredHandler(() => endSession({ reason: TEXT.login.expired, returnTo: currentRoute() }));

/**
 * The routes of back-office §2; the menu routes are rebuilt when the menu tree arrives. A level-0 menu item (and 概览)
 * shows its pages in the main layout, or in the plain view when the app runs inside a frame of the main system.
 */
export const AppRoutes = observer(function AppRoutes({ plainView = usesPlainView() }: { plainView?: boolean }) {
  const layout = plainView ? <PlainLayout /> : <MainLayout />;
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      {/* Screens (screens/customer/) that other systems open, outside the main layout. */}
      <Route path="/onepage" element={<TokenFromAddress><StandaloneScreen screenId="customer.onepage" title={TEXT.onepage.title} /></TokenFromAddress>} />
      <Route path="/selectCrowd" element={<TokenFromAddress><StandaloneScreen screenId="customer.selectCrowd" title={TEXT.crowd.title} /></TokenFromAddress>} />
      <Route element={<NavigationGuard />}>
        <Route path={PREVIEW_IMAGE_PATH} element={<PreviewImagePage />} />
        <Route element={layout}>
          <Route index element={<Navigate to={HOME_PATH} replace />} />
          {/* 概览 is kept alive: the layout's page host shows it. */}
          <Route path={HOME_PATH} element={null} />
          <Route path={`${REDIRECT_PREFIX}/*`} element={<RedirectPage />} />
          <Route path={EDITOR_ROUTE} element={<EditorRoute />} />
          <Route path="*" element={<UnknownPathPage />} />
        </Route>
        {menuRoutes(session.menus, layout)}
      </Route>
    </Routes>
  );
});

/** The app root (building-blocks §2 item 13): a router view inside the app's providers. */
export function App() {
  return (
    <AppProviders>
      <BusyIndicator />
      <HashRouter>
        <NavigationProgress />
        <PageTitle />
        <TagMarker />
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
