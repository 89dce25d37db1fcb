import { Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { evaluateCondition } from '../../../schemas/expression/expression';
import type { BlockProps } from '../../screen/screenExtensions';

/**
 * Lazy tabs: a tab's blocks are rendered the first time it is chosen; leaving it keeps them alive (the default) or,
 * with keepAlive false, destroys them so the tab starts afresh next time. A tab's visible and disabled conditions read
 * the screen's filter, user and parameters, and follow them. Keys stay the tab's place in the definition, so hiding one
 * tab does not move another's state.
 */
const TabsBlock = observer(function TabsBlock({ block, store, renderBlocks }: BlockProps) {
  const context = store.context;
  const items = (block.tabs ?? []).flatMap((tab, i) =>
    evaluateCondition(tab.visible, context, true)
      ? [{ key: String(i), label: tab.title, disabled: evaluateCondition(tab.disabled, context, false), destroyOnHidden: tab.keepAlive === false, children: renderBlocks(tab.blocks) }]
      : [],
  );
  // The tab shown falls back to the first one that may be chosen when the chosen one is hidden or disabled.
  const [chosen, choose] = useState<string | undefined>(undefined);
  const usable = items.filter((item) => !item.disabled).map((item) => item.key);
  const active = chosen !== undefined && usable.includes(chosen) ? chosen : usable[0];
  return <Tabs className="dms-tabs-block" items={items} activeKey={active} onChange={choose} />;
});

export default TabsBlock;
