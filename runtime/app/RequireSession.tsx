import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../http/credentials';
import { session } from '../stores/session';

/** Without a token: to the login page, remembering where the user wanted to go. With a token and nothing loaded:
 * load the user, menus and dictionaries first; if that fails the session is dropped and the user signs in again. */
export const RequireSession = observer(function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = getToken();
  const status = session.status;
  useEffect(() => {
    if (token && status === 'idle') session.restore().catch(() => undefined);
  }, [token, status]);
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (status !== 'ready') return <Spin fullscreen />;
  return <>{children}</>;
});
