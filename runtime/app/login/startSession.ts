// With a token and nothing loaded (back-office §2, navigation guard): renew an expiring token, fetch the user, the menu
// tree (the routes are built from it) and the dictionary, reopen this tab's last tabs, and keep the tokens fresh. The
// starred menus and the unread count follow; their failure does not end the session.
import { runtimeConfig } from '../../config/runtimeConfig';
import { notices } from '../../stores/notices';
import { session } from '../../stores/session';
import { starredMenus } from '../../stores/starredMenus';
import { DEFAULT_MAX_TABS, tabs } from '../../stores/tabs';
import { ui } from '../../stores/ui';
import { keepSessionFresh, renewIfExpiring } from './codeFlow';

export async function startSession(): Promise<void> {
  tabs.maxTabs = runtimeConfig().maxCacheNum ?? DEFAULT_MAX_TABS;
  await renewIfExpiring();
  await session.restore();
  tabs.restore(session.leaves);
  ui.readGrayId();
  keepSessionFresh();
  void starredMenus.load(true).catch(() => undefined);
  void notices.refreshCount(true).catch(() => undefined);
}
