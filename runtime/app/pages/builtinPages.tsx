// Pages of the app itself that menus open by name (`page:<name>`), each a lazy chunk: the screen and model editors'
// lists (`page:lowcode.screens`, `page:lowcode.models`) and, outside the menu tree, the editor of one screen or model. The editor sits on the runtime, so the
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
  /** The editors of one item, at EDITOR_ROUTE by name: `editor` (a screen), `model` (a model, 低代码 › 模型管理). */
  editors: Record<string, ComponentType<{ id: string }>>;
}

let installed: BuiltinPages | undefined;

export function installBuiltinPages(pages: BuiltinPages): void {
  installed = pages;
}

export const EDITOR_ROUTE = '/lowcode/:editor/:id';

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

export function EditorRoute() {
  const { editor = '', id = '' } = useParams();
  const Editor = installed?.editors[editor];
  if (!Editor) return <Result status="warning" title={TEXT.screen.unknownComponent(`page:lowcode.${editor}`)} />;
  return (
    <Suspense fallback={<Spin className="dms-page-loading" />}>
      <Editor key={id} id={id} />
    </Suspense>
  );
}
