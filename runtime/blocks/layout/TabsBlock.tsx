import { Tabs } from 'antd';
import type { BlockProps } from '../../screen/screenExtensions';

/**
 * Lazy tabs: a tab's blocks are rendered the first time it is chosen; leaving it keeps them alive (the default) or,
 * with keepAlive false, destroys them so the tab starts afresh next time.
 */
export default function TabsBlock({ block, renderBlocks }: BlockProps) {
  return (
    <Tabs
      className="dms-tabs-block"
      items={(block.tabs ?? []).map((tab, i) => ({
        key: String(i),
        label: tab.title,
        destroyOnHidden: tab.keepAlive === false,
        children: renderBlocks(tab.blocks),
      }))}
    />
  );
}
