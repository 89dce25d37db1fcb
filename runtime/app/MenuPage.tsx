import { Result } from 'antd';
import { TEXT } from '../i18n/zh';
import { ScreenPage } from '../screen/ScreenPage';
import type { MenuItem } from '../stores/session';

const SCREEN_PREFIX = 'screen:';

/** What a menu leaf opens: `screen:<id>` renders that screen definition with the menu's permission keys. */
export function MenuPage({ menu }: { menu: MenuItem }) {
  if (menu.component?.startsWith(SCREEN_PREFIX)) {
    const screenId = menu.component.slice(SCREEN_PREFIX.length);
    return <ScreenPage key={screenId} screenId={screenId} grantedKeys={menu.permission} />;
  }
  return <Result status="warning" title={TEXT.screen.unknownComponent(menu.component ?? '')} />;
}
