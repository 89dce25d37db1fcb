import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { callApi } from '../http/client';
import type { MenuAccess } from '../permissions/buttonAccess';
import { renameLabelsIn } from '../permissions/qualityInspection';
import { session } from '../stores/session';
import { TEXT } from '../../schemas/text/zh';
import type { ScreenProblem } from '../../schemas/screen/screenChecks';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenErrorView } from './ScreenErrorView';
import { ScreenView } from './ScreenView';
import { validateScreen } from './validateScreen';

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'invalid'; problems: ScreenProblem[] }
  | { status: 'ready'; screen: Screen };

interface ScreenPageProps {
  screenId: string;
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'>;
}

/**
 * Loads a screen definition from the server, validates it, and renders it or says precisely what is wrong; with the
 * quality-inspection rename on, its labels are renamed.
 */
export const ScreenPage = observer(function ScreenPage({ screenId, grantedKeys, menuRights }: ScreenPageProps) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    callApi<unknown>('lowcode:GET screens/{id}', { values: { id: screenId } }).then(
      (definition) => {
        if (!alive) return;
        const result = validateScreen(definition);
        setState(result.ok ? { status: 'ready', screen: result.screen } : { status: 'invalid', problems: result.problems });
      },
      () => alive && setState({ status: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [screenId]);

  const rename = session.qualityInspectionRename;
  const loaded = state.status === 'ready' ? state.screen : null;
  const shown = useMemo(() => (loaded && rename ? renameLabelsIn(loaded) : loaded), [loaded, rename]);

  switch (state.status) {
    case 'loading':
      return <Spin className="dms-page-loading" />;
    case 'failed':
      return <Result status="warning" title={TEXT.screen.loadFailed} subTitle={screenId} />;
    case 'invalid':
      return <ScreenErrorView screenId={screenId} problems={state.problems} />;
    case 'ready':
      return (
        <ScreenErrorBoundary screenId={screenId}>
          <ScreenView
            key={rename ? 'renamed' : 'plain'}
            screen={shown ?? state.screen}
            grantedKeys={grantedKeys}
            menuRights={menuRights}
          />
        </ScreenErrorBoundary>
      );
  }
});
