import { Empty, Spin, Tag, Timeline } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { RecordHistoryEntry } from '../../../schemas/api/recordPages';
import { RECORD_TEXT } from '../recordText';
import type { RecordStore } from '../RecordStore';

/** The record's audit history as a timeline: who, when, what, and the fields changed in their labels. */
export const AuditTab = observer(function AuditTab({ store }: { store: RecordStore }) {
  const [entries, setEntries] = useState<RecordHistoryEntry[] | null | undefined>(undefined);
  const version = store.version;
  useEffect(() => {
    let alive = true;
    store.loadHistory().then(
      (answer) => alive && setEntries(answer),
      () => alive && setEntries(null),
    );
    return () => {
      alive = false;
    };
  }, [store, version]);
  if (entries === undefined) return <Spin />;
  if (!entries || entries.length === 0) return <Empty description={RECORD_TEXT.noHistory} />;
  return (
    <Timeline
      className="dms-record-history"
      items={entries.map((entry) => ({
        key: entry.id,
        children: (
          <div data-testid="record-history-entry">
            <div>
              {entry.at} {entry.userName} <Tag>{entry.action}</Tag>
            </div>
            {entry.changes.map((change) => (
              <div key={change.field} className="dms-record-change">
                {change.before || change.after ? RECORD_TEXT.changed(change.label, change.before, change.after) : RECORD_TEXT.changedText(change.label)}
              </div>
            ))}
          </div>
        ),
      }))}
    />
  );
});
