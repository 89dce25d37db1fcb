// The record page (issue 22): #/<menu path>/<id> opens the record of the screen's `record` part, in a tab of its own
// titled by the record's title field and kept alive like its list. Header (title, key fields, steps, the transitions
// the server says this user may perform now, edit, the header's buttons such as 打印), then tabs of field groups, child
// lines, related lists, attachments, the audit history and the approval; a tab's visible and disabled conditions read the
// record, the user and the page's parameters (./recordTabStates.ts).
import './record.css';
import { Button, Result, Spin, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { reaction, runInAction } from 'mobx';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RecordPage as RecordPageDefinition, RecordPageTab, Screen } from '../../schemas/screen/screen.types';
import type { MenuAccess } from '../permissions/buttonAccess';
import { FormDialog } from '../blocks/FormDialog';
import { ScreenDrawer } from '../blocks/drawer/ScreenDrawer';
import { ScreenStore } from '../screen/ScreenStore';
import { useScreenAddress } from '../screen/screenParams';
import { session } from '../stores/session';
import type { TabStore } from '../stores/tabs';
import type { RecordAddress } from './recordAddress';
import { RecordHeader } from './RecordHeader';
import { RecordStore } from './RecordStore';
import { openedStore, openingStore } from './openingRecords';
import { relatedAccess, type RelatedAccess } from './relatedAccess';
import { keepTabInAddress, tabOfAddress } from './recordTabAddress';
import { recordTabScope, recordTabStates, shownTab } from './recordTabStates';
import { RECORD_TEXT } from './recordText';
import { TransitionDialog } from './TransitionDialog';
import { AttachmentsTab } from './tabs/AttachmentsTab';
import { AuditTab } from './tabs/AuditTab';
import { FieldsTab } from './tabs/FieldsTab';
import { LinesTab } from './tabs/LinesTab';
import { ProcessTab } from './tabs/ProcessTab';
import { RelatedTab } from './tabs/RelatedTab';

export interface RecordPageProps {
  screen: Screen;
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'> | undefined;
  address: RecordAddress;
}

/** The tab's title follows the record's title field (the tab opened under the list's title). */
function useTabTitle(tabs: Pick<TabStore, 'tabs'>, path: string, title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    runInAction(() => {
      const tab = tabs.tabs.find((t) => t.path === path);
      if (tab) tab.title = title;
    });
  }, [tabs, path, title]);
}

/** The record page of a validated screen (ScreenPage hands it over when the address names a record). */
export const RecordPage = observer(function RecordPage({ screen, grantedKeys, menuRights, address: opened }: RecordPageProps) {
  const part = screen.record;
  if (!part) return <Result status="warning" title={RECORD_TEXT.noRecordPart(screen.id)} />;
  return <RecordView screen={screen} part={part} grantedKeys={grantedKeys} menuRights={menuRights} address={opened} />;
});

/** One record: header and tabs over a RecordStore; the header's buttons run as row actions of the screen, on this record. */
const RecordView = observer(function RecordView({ screen, part, grantedKeys, menuRights, address: opened }: RecordPageProps & { part: RecordPageDefinition }) {
  const recordId = opened.id;
  const pagePath = `${opened.path}/${recordId}`;
  const address = useScreenAddress();
  // Related lists of screens the user has no menu for are left out (./relatedAccess.ts); the others keep their keys.
  const access = useMemo(
    () => part.tabs.map((tab) => (tab.type === 'related' ? (relatedAccess(tab.screen!, { screenId: screen.id, path: opened.path, grantedKeys, menuRights }) ?? null) : undefined)),
    [part, screen.id, opened.path, grantedKeys, menuRights],
  );
  const shown = (key: string | undefined) => (key !== undefined && access[Number(key)] !== null ? key : undefined);
  const storeKey = `${screen.id}/${recordId}`;
  const [store] = useState(() =>
    // The same store for every render before the first commit (./openingRecords.ts).
    openingStore(storeKey, () => {
      const opened = new RecordStore(part, recordId, shown(tabOfAddress(address.params, part.tabs.length)) ?? String(Math.max(0, access.findIndex((a) => a !== null))));
      // Asked for at once, not after the first commit: the page's frame renders while the record is on its way.
      void opened.load();
      return opened;
    }),
  );
  useEffect(() => openedStore(storeKey, store), [storeKey, store]);
  const [screenStore] = useState(() => {
    const made = new ScreenStore(screen, grantedKeys, menuRights);
    // A header button's dialog or call changes the record: the page reads it (and what it may do now) again.
    made.reloadWith = () => store.reread();
    return made;
  });
  useTabTitle(opened.tabs, pagePath, store.meta?.recordTitle);
  // The address says which tab is open: a navigation to this record naming a tab (a 返回 here) opens it, and the tab
  // the user opens is written back whenever this page is the one shown (the shell's tab bar comes back without it).
  useEffect(() => {
    const named = shown(tabOfAddress(address.params, part.tabs.length));
    if (named !== undefined) store.selectTab(named);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);
  useEffect(
    () => reaction(() => [store.activeTab, opened.tabs.activePath] as const, ([tab]) => keepTabInAddress(pagePath, tab), { fireImmediately: true }),
    [store, opened.tabs, pagePath],
  );
  // Tabs hidden or disabled by their conditions (observed: a transition that changes the record changes them too); the
  // tab shown moves off one that cannot be chosen, and the store follows once the record is there (before, every
  // condition reads an empty record, and the tab the address names must not be lost to that).
  const states = recordTabStates(part.tabs, recordTabScope(store.record, session.user, address.params), (i) => access[i] === null);
  const active = shownTab(store.activeTab, states);
  const settled = store.record !== null;
  useEffect(() => {
    if (settled && active !== undefined && active !== store.activeTab) store.selectTab(active);
  }, [settled, active, store]);

  if (store.status === 'failed' || (store.status === 'ready' && !store.record)) return <Result status="warning" title={RECORD_TEXT.notFound} />;
  // While the record is on its way the page shows its frame (header, key field labels, tabs), drawn from the screen's
  // definition: the components of the frame (and their styles, on a first record page) are done before the data
  // arrives, and the frame after it holds the record's values and the open tab's content only.
  const record = store.record;

  const content = (tab: RecordPageTab, key: string): ReactNode => {
    if (!record) return <Spin className="dms-page-loading" />;
    switch (tab.type) {
      case 'fields':
        return <FieldsTab store={store} tabKey={key} fields={tab.fields ?? []} cols={tab.cols ?? 3} />;
      case 'lines':
        return tab.lines ? <LinesTab store={store} tabKey={key} field={tab.lines} /> : null;
      case 'related':
        return <RelatedTab screenId={tab.screen!} params={tab.params ?? {}} record={record} access={access[Number(key)] as RelatedAccess} />;
      case 'attachments':
        return <AttachmentsTab source={{ files: tab.files ?? [], ...(tab.api ? { api: tab.api } : {}), ...(tab.screen ? { screen: tab.screen } : {}), ...(tab.params ? { params: tab.params } : {}) }} record={record} />;
      case 'audit':
        return <AuditTab store={store} />;
      case 'process':
        return <ProcessTab store={store} model={part.model} />;
    }
  };

  return (
    <div className="dms-record" data-record-id={recordId} data-screen-id={screen.id}>
      {address.back ? (
        <div className="dms-screen-back">
          <Button size="small" onClick={() => (window.location.hash = `#${address.back!}`)}>
            {RECORD_TEXT.back}
          </Button>
        </div>
      ) : null}
      <RecordHeader store={store} screenStore={screenStore} />
      <Tabs
        className="dms-record-tabs"
        activeKey={active}
        onChange={(key) => store.selectTab(key)}
        items={part.tabs.flatMap((tab, i) =>
          states[i]!.visible ? [{ key: String(i), label: tab.title, disabled: states[i]!.disabled, children: <div data-record-tab={tab.type}>{content(tab, String(i))}</div> }] : [],
        )}
      />
      <TransitionDialog store={store} />
      {/* The header's buttons open the screen's dialogs and drawers (分配技师, 车间质检, …) on this record. */}
      <FormDialog store={screenStore} />
      <ScreenDrawer store={screenStore} />
    </div>
  );
});
