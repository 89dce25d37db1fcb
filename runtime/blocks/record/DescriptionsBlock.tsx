import { Descriptions, Skeleton, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Field } from '../../../schemas/screen/screen.types';
import { MaskedText } from '../../masking/MaskedText';
import type { BlockProps } from '../../screen/screenExtensions';
import type { Row } from '../../screen/ScreenStore';
import { session } from '../../stores/session';
import { displayText } from '../ReadOnlyPanel';
import { atPath, queryRecord, recordParams } from './recordQuery';

type State = { status: 'loading' } | { status: 'none' } | { status: 'shown'; record: Row };

const FieldValue = observer(function FieldValue({ field, record }: { field: Field; record: Row }) {
  const value = record[field.fieldName];
  if (field.mask) return <MaskedText type={field.mask} value={value === undefined || value === null ? null : String(value)} />;
  const options = field.options ?? (field.dict ? session.dictionary(field.dict) : undefined);
  return <>{displayText(value, options)}</>;
});

/**
 * descriptions: one record as label: value pairs (a vehicle's card, its owner's), fetched from the block's api with the
 * screen's submitted filters, and again after each search. Without the filters it `requires`, or when nothing is found,
 * it shows its emptyText.
 */
const DescriptionsBlock = observer(function DescriptionsBlock({ block, store }: BlockProps) {
  const params = recordParams(block, store.filters);
  const query = params === null ? null : JSON.stringify(params);
  const [state, setState] = useState<State>(() => (params === null ? { status: 'none' } : { status: 'loading' }));

  useEffect(() => {
    if (query === null) {
      setState({ status: 'none' });
      return undefined;
    }
    let alive = true;
    setState({ status: 'loading' });
    queryRecord(store, block.api!, JSON.parse(query) as Record<string, unknown>).then(
      (answer) => {
        if (!alive) return;
        const record = atPath(answer, block.datakey);
        setState(record ? { status: 'shown', record } : { status: 'none' });
      },
      () => alive && setState({ status: 'none' }),
    );
    return () => {
      alive = false;
    };
  }, [store, block, query]);

  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 2 }} className="dms-descriptions" />;
  if (state.status === 'none') return block.emptyText ? <Typography.Text type="secondary" className="dms-descriptions">{block.emptyText}</Typography.Text> : null;
  const fields = (block.fields ?? []).filter((field) => field.type !== 'divider' && field.hidden !== true);
  return (
    <Descriptions
      className="dms-descriptions"
      size="small"
      column={block.cols ?? 4}
      items={fields.map((field) => ({ key: field.fieldName, label: field.label, span: field.selfCols, children: <FieldValue field={field} record={state.record} /> }))}
    />
  );
});

export default DescriptionsBlock;
