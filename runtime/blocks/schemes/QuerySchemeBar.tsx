import { Button, Checkbox, Input, Modal, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { askConfirm, feedback } from '../../app/feedback';
import { callApi } from '../../http/client';
import { currentMenuId } from '../../http/credentials';
import type { ScreenStore } from '../../screen/ScreenStore';
import { QUERY_SCHEME_LABELS as LABELS, type QueryScheme, type SchemeAnswer } from '../../../schemas/api/querySchemes';
import type { Field } from '../../../schemas/screen/screen.types';
import { conditionsOf, valuesOf } from './schemeValues';

const LIST = 'query-scheme:GET test/testList';
const SAVE = 'query-scheme:POST test/testAddList';
const REMOVE = 'query-scheme:POST test/testDelete';

interface QuerySchemeBarProps {
  store: ScreenStore;
  fields: readonly Field[];
  /** The menu (or standalone page key) the schemes are kept under; true: the page's menu. */
  scope: true | string;
  /** The filter bar's values now (a scheme is saved from them). */
  current(): Record<string, unknown>;
  /** Fills the filter bar with a scheme's values and searches. */
  apply(values: Record<string, unknown>): void;
}

/**
 * The custom query schemes of a filter bar (back-office §3): pick one of the user's own or the dealer's shared schemes
 * (its conditions fill the filter and search, its columns become the table's), save the filter and the table's shown
 * columns as a named scheme, optionally shared, or remove one's own.
 */
export function QuerySchemeBar({ store, fields, scope, current, apply }: QuerySchemeBarProps) {
  const screen = { menuId: scope === true ? (store.menuId ?? currentMenuId() ?? '') : scope, interfaceAddress: store.screen.table?.api ?? store.screen.id };
  const [schemes, setSchemes] = useState<QueryScheme[]>([]);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState<{ name: string; shared: boolean } | null>(null);

  const load = useCallback(async () => {
    if (!screen.menuId) return;
    try {
      setSchemes(await callApi<QueryScheme[]>(LIST, { params: screen, silent: true }));
    } catch {
      setSchemes([]);
    }
    // The screen's menu and table name the schemes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen.menuId, screen.interfaceAddress]);
  useEffect(() => void load(), [load]);

  const pick = (id: number | undefined) => {
    setChosen(id);
    const scheme = schemes.find((s) => s.id === id);
    if (!scheme) return;
    store.showColumns(scheme.columns.map((c) => c.value));
    apply(valuesOf(fields, scheme.selectCondition));
  };

  const save = async () => {
    if (!saving) return;
    const name = saving.name.trim();
    if (!name) return feedback().message.warning(LABELS.nameRequired);
    const columns = (store.columnLayout?.visibleKeys ?? []).map((key) => ({ value: key, label: store.columns.find((c) => c.dataIndex === key)?.title ?? key }));
    const own = schemes.find((s) => s.own && s.labelName === name);
    const answer = await callApi<QueryScheme>(SAVE, { data: { ...screen, ...(own ? { id: own.id } : {}), labelName: name, shared: saving.shared, selectCondition: conditionsOf(fields, current()), columns } }).catch(() => undefined);
    if (!answer) return;
    feedback().message.success(LABELS.saved(name));
    setSaving(null);
    await load();
    setChosen(answer.id);
  };

  const remove = async () => {
    const scheme = schemes.find((s) => s.id === chosen);
    if (!scheme?.own || !(await askConfirm({ content: LABELS.confirmRemove(scheme.labelName) }))) return;
    const done = await callApi<SchemeAnswer<null>>(REMOVE, { data: { id: scheme.id } }).then(() => true, () => false);
    if (!done) return;
    feedback().message.success(LABELS.removed(scheme.labelName));
    setChosen(undefined);
    await load();
  };

  const chosenScheme = schemes.find((s) => s.id === chosen);
  return (
    <div className="dms-query-schemes" data-testid="query-schemes">
      <Space size={8} wrap>
        <span className="dms-query-schemes-label">{LABELS.picker}</span>
        <Select
          size="small"
          style={{ minWidth: 220 }}
          allowClear
          placeholder={LABELS.placeholder}
          value={chosen}
          onChange={(value: number | undefined) => pick(value)}
          options={schemes.map((s) => ({ value: s.id, label: `${s.labelName}${s.shared && !s.own ? `${LABELS.shared} ${s.userName}` : s.shared ? LABELS.shared : ''}` }))}
        />
        <Button size="small" onClick={() => setSaving({ name: chosenScheme?.own ? chosenScheme.labelName : '', shared: chosenScheme?.shared ?? false })}>
          {LABELS.save}
        </Button>
        {chosenScheme?.own ? (
          <Button size="small" danger onClick={() => void remove()}>
            {LABELS.remove}
          </Button>
        ) : null}
      </Space>
      <Modal open={saving !== null} title={LABELS.saveTitle} onCancel={() => setSaving(null)} onOk={() => void save()} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input aria-label={LABELS.name} placeholder={LABELS.name} maxLength={50} value={saving?.name ?? ''} onChange={(e) => setSaving((s) => (s ? { ...s, name: e.target.value } : s))} />
          <Checkbox checked={saving?.shared ?? false} onChange={(e) => setSaving((s) => (s ? { ...s, shared: e.target.checked } : s))}>
            {LABELS.share}
          </Checkbox>
        </Space>
      </Modal>
    </div>
  );
}
