import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getToken, setToken } from '../../http/credentials';
import { clearAppState } from '../../stores/appState';
import { session } from '../../stores/session';
import { startSession } from '../login/startSession';

/**
 * /onepage and /selectCrowd open without the navigation guard (another system opens them, often in a frame). A token
 * given in the address (?token=...) is stored as the session's token; it is then taken out of the address, so it is
 * neither bookmarked nor sent on as a referrer. The page renders either way and says so when there is no session.
 */
export const TokenFromAddress = observer(function TokenFromAddress({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const given = query.get('token');

  useEffect(() => {
    if (!given) return;
    if (given !== getToken()) {
      // Another person's token: nothing of the previous session may remain.
      clearAppState();
      setToken(given);
    }
    query.delete('token');
    const rest = query.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [given]);

  useEffect(() => {
    if (!given && getToken() && session.status === 'idle') startSession().catch(() => undefined);
  }, [given]);

  if (given) return null;
  return <>{children}</>;
});
