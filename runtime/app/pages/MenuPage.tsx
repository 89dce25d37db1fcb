import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { getToken } from '../../http/credentials';
import { fetchDefinition, knownDefinition } from '../../screen/screenDefinitions';
import { TEXT } from '../../../schemas/text/zh';
import { loadedScreenPage, loadScreenPage } from '../screenInterpreter';
import type { MenuItem } from '../../stores/session';
import { tabs } from '../../stores/tabs';
import { BuiltinPage } from './builtinPages';
import { menuRightsOf } from './menuRights';
import { menuTarget, withToken } from './menuTarget';
import { ThirdPartyPage } from './ThirdPartyPage';
import { Result } from '../../blocks/LazyResult';

// The screen interpreter (registries, blocks, widgets, ag-grid, the form engine) is a chunk of its own: 概览 and the
// login route do not need it, and the first screen of a sign-in loads without it (issue 20).
const LazyScreenPage = lazy(() => loadScreenPage().then((module) => ({ default: module.ScreenPage })));

/** What a menu leaf opens: a screen with the menu's permission keys, a built-in page, or an embedded third-party page. */
/** `record`: the id of a record page of the menu's screen (issue 22). */
export function MenuPage({ menu, record }: { menu: MenuItem; record?: string | undefined }) {
  const target = menuTarget(menu.component);
  const rights = useMemo(() => menuRightsOf(menu.id), [menu.id]);
  const screenId = target.kind === 'screen' ? target.screenId : undefined;
  // Once loaded (the menu prefetch loads it), ScreenPage renders at once: a lazy component suspends on its first render
  // however ready, and React then holds the fallback for 300 ms. Chosen once, so the page is never remounted.
  const [ScreenPage] = useState(() => loadedScreenPage ?? LazyScreenPage);
  // The definition is asked for while the interpreter's chunk loads, not after (ScreenPage joins this request).
  useEffect(() => {
    if (screenId && !knownDefinition(screenId)) void fetchDefinition(screenId).catch(() => undefined);
  }, [screenId]);
  switch (target.kind) {
    case 'screen':
      return (
        <Suspense fallback={<Spin className="dms-page-loading" />}>
          <ScreenPage key={target.screenId} screenId={target.screenId} grantedKeys={menu.permission} menuRights={rights} record={record && { id: record, path: menu.path, tabs }} />
        </Suspense>
      );
    case 'page':
      return <BuiltinPage name={target.name} menu={menu} />;
    case 'link':
      return <ThirdPartyPage title={menu.meta.title} url={target.url} />;
    case 'iframe':
      return <ThirdPartyPage title={menu.meta.title} url={withToken(target.url, getToken())} />;
    case 'unknown':
      return <Result status="warning" title={TEXT.screen.unknownComponent(target.component)} />;
  }
}
