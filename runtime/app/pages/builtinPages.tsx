// Pages of the app itself that menus open by name (`page:<name>`), each a lazy chunk: the screen editor's list
// (`page:lowcode.screens`) and, outside the menu tree, the editor of one screen. The editor sits on the runtime, so the
// runtime imports none of it: the app's boot (runtime/app/boot.tsx) hands its pages in (editor/editorPages.ts).
import { Spin } from 'antd';
import { Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import type { MenuItem } from '../../stores/session';
import { Result } from '../../blocks/LazyResult';

export interface BuiltinPages {
  /** Page name (`page:<name>` in a menu's component) -> the page. */
  pages: Record<string, ComponentType<{ menu: MenuItem }>>;
  /** The editor of one screen, at SCREEN_EDITOR_ROUTE. */
  screenEditor: ComponentType<{ screenId: string }>;
}

let installed: BuiltinPages | undefined;

export function installBuiltinPages(pages: BuiltinPages): void {
  installed = pages;
}

export const SCREEN_EDITOR_ROUTE = '/lowcode/editor/:id';

export function screenEditorPath(id: string): string {
  return `/lowcode/editor/${id}`;
}

export function BuiltinPage({ name, menu }: { name: string; menu: MenuItem }) {
  const Page = installed?.pages[name];
  if (!Page) return <Result status="warning" title={TEXT.screen.unknownComponent(`page:${name}`)} />;
  return (
    <Suspense fallback={<Spin className="dms-page-loading" />}>
      <Page menu={menu} />
    </Suspense>
  );
}

export function ScreenEditorRoute() {
  const { id = '' } = useParams();
  const ScreenEditorPage = installed?.screenEditor;
  if (!ScreenEditorPage) return <Result status="warning" title={TEXT.screen.unknownComponent('page:lowcode.editor')} />;
  return (
    <Suspense fallback={<Spin className="dms-page-loading" />}>
      <ScreenEditorPage key={id} screenId={id} />
    </Suspense>
  );
}
