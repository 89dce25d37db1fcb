// Routes from the server's menu tree (back-office §2): level 0 items use the main layout (or, inside a frame of the main
// system, the plain view), level 1 items with children a plain route view, and leaves load their page. Items without
// an id or a path, and children whose path does not continue their parent's, are left out: a wrong menu row must not
// break the router.
import type { ReactElement } from 'react';
import { Outlet, Route, useParams } from 'react-router-dom';
import { isValidMenuItem, usableChildren, type MenuItem } from '../../stores/session';
import { isKeptAlive } from '../../stores/tabs';
import { MenuPage } from '../pages/MenuPage';

/** The plain route view: renders the matched child, nothing around it. */
export function RouteView() {
  return <Outlet />;
}

/** A leaf's route, or a record page under it (#/<menu path>/<id>): its page, unless the page is kept alive, in which
 * case the layout's page host shows it. */
export function MenuRoute({ menu }: { menu: MenuItem }) {
  const { id } = useParams();
  return isKeptAlive(menu) ? null : <MenuPage key={id} menu={menu} record={id} />;
}

function routeOf(item: MenuItem, level: number): ReactElement {
  const children = usableChildren(item);
  if (item.children.length === 0) return <Route key={item.id} path={`${item.path}/:id?`} element={<MenuRoute menu={item} />} />;
  return (
    <Route key={item.id} path={item.path} element={<RouteView />}>
      {children.map((child) => routeOf(child, level + 1))}
    </Route>
  );
}

export function menuRoutes(menus: MenuItem[], layout: ReactElement): ReactElement[] {
  return menus.filter(isValidMenuItem).map((item) => (
    <Route key={item.id} path={item.path} element={layout}>
      {item.children.length === 0 ? <Route index element={<MenuRoute menu={item} />} /> : usableChildren(item).map((child) => routeOf(child, 1))}
    </Route>
  ));
}
