import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { evaluateExpression } from '../../../schemas/expression/expression';
import type { Screen } from '../../../schemas/screen/screen.types';
import { fetchDefinition, knownDefinition } from '../../screen/screenDefinitions';
import { ScreenView } from '../../screen/ScreenView';
import { validateScreen } from '../../screen/validateScreen';
import type { MenuAccess } from '../../permissions/buttonAccess';
import { RECORD_TEXT } from '../recordText';
import type { RecordValues } from '../recordApis';

function checked(definition: unknown): Screen | null {
  const result = validateScreen(definition);
  return result.ok ? result.screen : null;
}

/** Another screen's table filtered by this record (e.g. the vehicle's repair orders), with its own buttons; its calls go under the record page's menu. */
export function RelatedTab({ screenId, params, record, grantedKeys, menuRights }: { screenId: string; params: Record<string, string>; record: RecordValues; grantedKeys: readonly string[]; menuRights?: Omit<MenuAccess, 'keys'> }) {
  const known = knownDefinition(screenId);
  const [screen, setScreen] = useState<Screen | null | undefined>(() => (known ? checked(known.definition) : undefined));
  useEffect(() => {
    if (screen !== undefined) return undefined;
    let alive = true;
    fetchDefinition(screenId).then(
      (definition) => alive && setScreen(checked(definition.definition)),
      () => alive && setScreen(null),
    );
    return () => {
      alive = false;
    };
  }, [screenId, screen]);
  const fixed = useMemo(() => Object.fromEntries(Object.entries(params).map(([name, source]) => [name, evaluateExpression(source, { record })])), [params, record]);
  if (screen === undefined) return <Spin />;
  if (screen === null) return <Result status="warning" title={RECORD_TEXT.loadFailed} subTitle={screenId} />;
  return <ScreenView screen={screen} grantedKeys={grantedKeys} menuRights={menuRights} fixed={fixed} />;
}
