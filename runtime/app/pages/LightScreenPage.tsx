// 概览 as a JSON screen (screens/home/overview.json) without the screen interpreter: a screen made only of blocks is
// rendered here, each block's visible condition evaluated against the signed-in user, the overview blocks (welcome,
// figures, bars, list, menus) at once, any other block through the interpreter, loaded only when such a block shows.
// The first screen of every sign-in thus carries the overview blocks and the expression language, not the registries,
// ag-grid, the form engine or the precompiled screen validator (issue 20, decisions.md).
// Not validated in the browser: the validator alone is about 75 KB gzip. The server checks a screen at every save,
// publish and rollback, `npm run screens:check` checks the files, and a definition that is more than blocks (a filter,
// a table, dialogs, a record page) goes to ScreenPage, which validates it as any screen.
import { Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { evaluateCondition } from '../../../schemas/expression/expression';
import type { Screen } from '../../../schemas/screen/screen.types';
import { TEXT } from '../../../schemas/text/zh';
import { Result } from '../../blocks/LazyResult';
import { overviewBlock } from '../../blocks/overview/overviewBlocks';
import type { OverviewBlockProps } from '../../blocks/overview/overviewBlock';
import { spanStyle, usesSpans } from '../../screen/blockGrid';
import { conditionUser } from '../../screen/conditionUser';
import { ScreenErrorBoundary } from '../../screen/ScreenErrorBoundary';
import { fetchDefinition, knownDefinition, type Definition } from '../../screen/screenDefinitions';
import { session } from '../../stores/session';
import { loadScreenExtensions, loadScreenPage } from '../screenInterpreter';

const ScreenPage = lazy(() => loadScreenPage().then((module) => ({ default: module.ScreenPage })));
const InterpretedBlock = lazy(() => Promise.all([import('../../screen/InterpretedBlock'), loadScreenExtensions()]).then(([module]) => module));

/** The definition as a screen of blocks only, or undefined when it has more (or is not a screen at all). */
export function blocksOnly(definition: unknown): Screen | undefined {
  if (typeof definition !== 'object' || definition === null) return undefined;
  const screen = definition as Partial<Screen>;
  if (typeof screen.id !== 'string' || !Array.isArray(screen.blocks)) return undefined;
  if (screen.filter || screen.table || screen.toolbar || screen.rowActions || screen.dialogs || screen.record) return undefined;
  const blocks: unknown[] = screen.blocks;
  return blocks.every((block) => typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string') ? (screen as Screen) : undefined;
}

const LightBlocks = observer(function LightBlocks({ screen }: { screen: Screen }) {
  const user = session.user;
  // What the blocks' conditions and templates read: the signed-in user (such a screen has no filter bar, and is opened
  // without parameters).
  const store = useMemo<OverviewBlockProps['store']>(() => ({ context: { filter: {}, user: conditionUser(user), params: {} } }), [user]);
  const blocks = screen.blocks ?? [];
  return (
    <div className={usesSpans(blocks) ? 'dms-light-screen dms-block-grid' : 'dms-light-screen'} data-screen-id={screen.id}>
      {blocks.map((block, i) => {
        if (!evaluateCondition(block.visible, store.context, true)) return null;
        const Block = overviewBlock(block.type);
        if (!Block) {
          return (
            <div key={i} className="dms-block-slot" style={spanStyle(block)}>
              <Suspense fallback={<Spin className="dms-page-loading" />}>
                <InterpretedBlock screen={screen} block={block} />
              </Suspense>
            </div>
          );
        }
        return (
          <section key={i} className={block.title ? 'dms-block dms-block-card' : 'dms-block'} data-block-type={block.type} style={spanStyle(block)}>
            {block.title ? (
              <Typography.Title level={5} className="dms-block-title">
                {block.title}
              </Typography.Title>
            ) : null}
            <Block block={block} store={store} />
          </section>
        );
      })}
    </div>
  );
});

/** A screen of blocks (概览): shown from the definition at hand at once, while the server is asked whether it changed. */
export function LightScreenPage({ screenId }: { screenId: string }) {
  const [shown, setShown] = useState<Definition | 'failed' | undefined>(() => knownDefinition(screenId));
  useEffect(() => {
    let alive = true;
    fetchDefinition(screenId, { background: knownDefinition(screenId) !== undefined }).then(
      (definition) => alive && setShown(definition),
      () => alive && setShown((current) => current ?? 'failed'),
    );
    return () => {
      alive = false;
    };
  }, [screenId]);
  if (shown === undefined) return <Spin className="dms-page-loading" />;
  if (shown === 'failed') return <Result status="warning" title={TEXT.screen.loadFailed} subTitle={screenId} />;
  const screen = blocksOnly(shown.definition);
  if (!screen) {
    return (
      <Suspense fallback={<Spin className="dms-page-loading" />}>
        <ScreenPage screenId={screenId} grantedKeys={[]} />
      </Suspense>
    );
  }
  return (
    <ScreenErrorBoundary key={shown.etag} screenId={screenId}>
      <LightBlocks screen={screen} />
    </ScreenErrorBoundary>
  );
}
