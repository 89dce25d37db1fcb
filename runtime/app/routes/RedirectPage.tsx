import { Navigate, useLocation } from 'react-router-dom';

export const REDIRECT_PREFIX = '/redirect';

/** /redirect/:path* goes to /:path* (with its query), replacing itself: the refresh of a view passes through here. */
export function RedirectPage() {
  const { pathname, search } = useLocation();
  const target = pathname.slice(REDIRECT_PREFIX.length) || '/';
  return <Navigate to={`${target}${search}`} replace />;
}
