import { Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { evaluateCondition } from '../../schemas/expression/expression';
import './screenBlocks.css';
import type { Block } from '../../schemas/screen/screen.types';
import { spanStyle, usesSpans } from './blockGrid';
import { screenExtensions } from './screenExtensions';
import type { ScreenStore } from './ScreenStore';

/** The screen's layout blocks in order, each resolved through the block registry (the screen checks refuse unknown types). */
export function ScreenBlocks({ store }: { store: ScreenStore }) {
  return <BlockList blocks={store.screen.blocks ?? []} store={store} />;
}

/**
 * Blocks in order: the screen's own, or (through a container's renderBlocks) those inside an anchor section or a tab.
 * A block whose visible condition is false is left out, and comes back when the filter, user or parameters change.
 */
export const BlockList = observer(function BlockList({ blocks, store }: { blocks: Block[]; store: ScreenStore }) {
  const shown = blocks.map((block, i) => {
    const Block = screenExtensions().blocks[block.type]?.component;
    const context = store.context;
    if (!Block || !evaluateCondition(block.visible, context, true)) return null;
    // Evaluated here, where the context is observed, so the tabs block itself needs no MobX (it stays out of its chunk).
    const tabStates = block.tabs?.map((tab) => ({ visible: evaluateCondition(tab.visible, context, true), disabled: evaluateCondition(tab.disabled, context, false) }));
    return (
      <section key={i} className="dms-block" data-block-type={block.type} style={spanStyle(block)}>
        {block.title ? <Typography.Title level={5} className="dms-block-title">{block.title}</Typography.Title> : null}
        <Suspense fallback={<Spin className="dms-page-loading" />}>
          <Block block={block} store={store} tabStates={tabStates} renderBlocks={(inner) => <BlockList blocks={inner} store={store} />} />
        </Suspense>
      </section>
    );
  });
  return usesSpans(blocks) ? <div className="dms-block-grid">{shown}</div> : shown;
});
