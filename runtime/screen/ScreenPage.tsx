import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { callApi } from '../http/client';
import { TEXT } from '../i18n/zh';
import type { ScreenProblem } from './screenChecks';
import type { Screen } from './screen.types';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenErrorView } from './ScreenErrorView';
import { ScreenView } from './ScreenView';
import { validateScreen } from './validateScreen';

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'invalid'; problems: ScreenProblem[] }
  | { status: 'ready'; screen: Screen };

/** Loads a screen definition from the server, validates it, and renders it or says precisely what is wrong. */
export function ScreenPage({ screenId, grantedKeys }: { screenId: string; grantedKeys: readonly string[] }) {
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
          <ScreenView screen={state.screen} grantedKeys={grantedKeys} />
        </ScreenErrorBoundary>
      );
  }
}
