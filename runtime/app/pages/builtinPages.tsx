// Pages of the app itself that menus open by name (`page:<name>`), each a lazy chunk: the screen editor's list
// (`page:lowcode.screens`) and, outside the menu tree, the editor of one screen.
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { TEXT } from '../../i18n/zh';
import type { MenuItem } from '../../stores/session';
import { Result } from '../../blocks/LazyResult';

const PAGES: Record<string, ComponentType<{ menu: MenuItem }>> = {
  'lowcode.screens': lazy(() => import('../../../editor/ScreenListPage')),
};

const ScreenEditorPage = lazy(() => import('../../../editor/ScreenEditorPage'));

export const SCREEN_EDITOR_ROUTE = '/lowcode/editor/:id';

export function screenEditorPath(id: string): string {
  return `/lowcode/editor/${id}`;
}

export function BuiltinPage({ name, menu }: { name: string; menu: MenuItem }) {
  const Page = PAGES[name];
  if (!Page) return <Result status="warning" title={TEXT.screen.unknownComponent(`page:${name}`)} />;
  return (
    <Suspense fallback={<Spin className="dms-page-loading" />}>
      <Page menu={menu} />
    </Suspense>
  );
}

export function ScreenEditorRoute() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<Spin className="dms-page-loading" />}>
      <ScreenEditorPage key={id} screenId={id} />
    </Suspense>
  );
}
