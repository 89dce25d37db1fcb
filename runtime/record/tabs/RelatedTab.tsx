import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { evaluateExpression } from '../../../schemas/expression/expression';
import type { Screen } from '../../../schemas/screen/screen.types';
import { fetchDefinition, knownDefinition } from '../../screen/screenDefinitions';
import { ScreenView } from '../../screen/ScreenView';
import { validateScreen } from '../../screen/validateScreen';
import { RECORD_TEXT } from '../recordText';
import type { RecordValues } from '../recordApis';
import type { RelatedAccess } from '../relatedAccess';

function checked(definition: unknown): Screen | null {
  const result = validateScreen(definition);
  return result.ok ? result.screen : null;
}

/** Another screen's table filtered by this record (e.g. the vehicle's repair orders), with its own buttons, under the menu `access` names (./relatedAccess.ts). */
export function RelatedTab({ screenId, params, record, access }: { screenId: string; params: Record<string, string>; record: RecordValues; access: RelatedAccess }) {
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
  return <ScreenView screen={screen} grantedKeys={access.grantedKeys} menuRights={access.menuRights} fixed={fixed} menu={access} />;
}
