import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { MenuAccess } from '../permissions/buttonAccess';
import { renameLabelsIn } from '../permissions/qualityInspection';
import { session } from '../stores/session';
import { TEXT } from '../../schemas/text/zh';
import type { ScreenProblem } from '../../schemas/screen/screenChecks';
import type { Screen } from '../../schemas/screen/screen.types';
import { fetchDefinition, knownDefinition, type Definition } from './screenDefinitions';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenErrorView } from './ScreenErrorView';
import { ScreenView } from './ScreenView';
import { checkedDefinition } from './checkedDefinitions';
import type { RecordAddress } from '../record/recordAddress';

// What the shell's prefetch calls once the interpreter is loaded (app/routes/prefetchScreens.ts).
export { prepareMenuScreens } from './checkedDefinitions';

// A record page (issue 22) is a chunk of its own: list screens do without it.
const RecordPage = lazy(() => import('../record/RecordPage').then((module) => ({ default: module.RecordPage })));

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'invalid'; problems: ScreenProblem[] }
  | { status: 'ready'; screen: Screen; version: number };

let versions = 0;
function stateOf(definition: Definition): State {
  const result = checkedDefinition(definition);
  return result.ok ? { status: 'ready', screen: result.screen, version: ++versions } : { status: 'invalid', problems: result.problems };
}

interface ScreenPageProps {
  screenId: string;
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'>;
  /** Open the record page of this record (#/<menu path>/<id>) instead of the list. */
  record?: RecordAddress | '' | undefined;
}

/**
 * Loads a screen definition from the server, validates it, and renders it or says precisely what is wrong; with the
 * quality-inspection rename on, its labels are renamed. A definition already received (opened before, or prefetched
 * for the menu) renders at once, filter bar and table frame in the first frame, while the server is asked whether it
 * changed (a 304 when not); a changed one replaces it.
 */
export const ScreenPage = observer(function ScreenPage({ screenId, grantedKeys, menuRights, record }: ScreenPageProps) {
  const shown = useRef<Definition | undefined>(knownDefinition(screenId));
  const [state, setState] = useState<State>(() => (shown.current ? stateOf(shown.current) : { status: 'loading' }));

  useEffect(() => {
    let alive = true;
    fetchDefinition(screenId, { background: shown.current !== undefined }).then(
      (definition) => {
        if (!alive || definition === shown.current) return;
        shown.current = definition;
        setState(stateOf(definition));
      },
      () => alive && !shown.current && setState({ status: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [screenId]);

  const rename = session.qualityInspectionRename;
  const loaded = state.status === 'ready' ? state.screen : null;
  const renamed = useMemo(() => (loaded && rename ? renameLabelsIn(loaded) : loaded), [loaded, rename]);

  switch (state.status) {
    case 'loading':
      return <Spin className="dms-page-loading" />;
    case 'failed':
      return <Result status="warning" title={TEXT.screen.loadFailed} subTitle={screenId} />;
    case 'invalid':
      return <ScreenErrorView screenId={screenId} problems={state.problems} />;
    case 'ready':
      if (record)
        return (
          <ScreenErrorBoundary screenId={screenId}>
            <Suspense fallback={<Spin className="dms-page-loading" />}>
              <RecordPage key={record.id} screen={renamed ?? state.screen} grantedKeys={grantedKeys} menuRights={menuRights} address={record} />
            </Suspense>
          </ScreenErrorBoundary>
        );
      return (
        <ScreenErrorBoundary screenId={screenId}>
          <ScreenView
            key={`${state.version}-${rename ? 'renamed' : 'plain'}`}
            screen={renamed ?? state.screen}
            grantedKeys={grantedKeys}
            menuRights={menuRights}
          />
        </ScreenErrorBoundary>
      );
  }
});
