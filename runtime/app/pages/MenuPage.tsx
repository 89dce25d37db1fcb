import { Result } from 'antd';
import { useMemo } from 'react';
import { getToken } from '../../http/credentials';
import { TEXT } from '../../../schemas/text/zh';
import { ScreenPage } from '../../screen/ScreenPage';
import type { MenuItem } from '../../stores/session';
import { BuiltinPage } from './builtinPages';
import { menuRightsOf } from './menuRights';
import { menuTarget, withToken } from './menuTarget';
import { ThirdPartyPage } from './ThirdPartyPage';

/** What a menu leaf opens: a screen with the menu's permission keys, a built-in page, or an embedded third-party page. */
export function MenuPage({ menu }: { menu: MenuItem }) {
  const target = menuTarget(menu.component);
  const rights = useMemo(() => menuRightsOf(menu.id), [menu.id]);
  switch (target.kind) {
    case 'screen':
      return <ScreenPage key={target.screenId} screenId={target.screenId} grantedKeys={menu.permission} menuRights={rights} />;
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
