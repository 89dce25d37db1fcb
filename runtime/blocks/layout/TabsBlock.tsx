import { Tabs } from 'antd';
import { useState } from 'react';
import type { BlockProps } from '../../screen/screenExtensions';

/**
 * Lazy tabs: a tab's blocks are rendered the first time it is chosen; leaving it keeps them alive (the default) or,
 * with keepAlive false, destroys them so the tab starts afresh next time. A tab's visible and disabled conditions read
 * the screen's filter, user and parameters, and follow them (evaluated by the screen's block list: `tabStates`). Keys
 * stay the tab's place in the definition, so hiding one tab does not move another's state.
 */
export default function TabsBlock({ block, tabStates, renderBlocks }: BlockProps) {
  const items = (block.tabs ?? []).flatMap((tab, i) =>
    tabStates?.[i]?.visible === false
      ? []
      : [{ key: String(i), label: tab.title, disabled: tabStates?.[i]?.disabled === true, destroyOnHidden: tab.keepAlive === false, children: renderBlocks(tab.blocks) }],
  );
  // The tab shown falls back to the first one that may be chosen when the chosen one is hidden or disabled.
  const [chosen, choose] = useState<string | undefined>(undefined);
  const usable = items.filter((item) => !item.disabled).map((item) => item.key);
  const active = chosen !== undefined && usable.includes(chosen) ? chosen : usable[0];
  return <Tabs className="dms-tabs-block" items={items} activeKey={active} onChange={choose} />;
}
