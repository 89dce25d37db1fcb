import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { syncTagMarker } from '../../permissions/tagMarker';
import { session } from '../../stores/session';

/** Sets or clears the tag-management marker from the permission list of the page shown (no menu page: cleared). */
export const TagMarker = observer(function TagMarker() {
  const { pathname } = useLocation();
  const menu = session.menuForPath(pathname);
  useEffect(() => {
    syncTagMarker(menu ?? { path: pathname, permission: [] });
  }, [menu, pathname]);
  return null;
});
