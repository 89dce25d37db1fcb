import { Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../blocks/DataTable';
import { FilterBar } from '../blocks/FilterBar';
import { FormDialog } from '../blocks/FormDialog';
import { ScreenDrawer } from '../blocks/drawer/ScreenDrawer';
import { Toolbar } from '../blocks/Toolbar';
import { defaultValues } from '../form/formModel';
import { splitRanges } from '../form/ranges';
import { ScreenBlocks } from './ScreenBlocks';
import type { Screen } from '../../schemas/screen/screen.types';
import type { MenuAccess } from '../permissions/buttonAccess';
import { ScreenStore } from './ScreenStore';
import { session } from '../stores/session';
import { useScreenAddress } from './screenParams';
import { TEXT } from '../../schemas/text/zh';

/** Whether a `table` block places the toolbar and table somewhere in the layout (else they follow the filter bar). */
function tablePlaced(blocks: Screen['blocks']): boolean {
  return (blocks ?? []).some((block) => block.type === 'table' || [...(block.sections ?? []), ...(block.tabs ?? [])].some((part) => tablePlaced(part.blocks)));
}

interface ScreenViewProps {
  screen: Screen;
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'>;
  /** A related list on a record page: the table is queried with these values and shows no filter bar (the record fixes
   * them) and no 返回 (the record page has its own). */
  fixed?: Record<string, unknown>;
  /** A related list's menu: its calls go under `menuId` when given (another menu's screen), and its record links open
   * `<path>/<id>` (the list's own menu path, not the record page's address). The editor's preview gives only the menu
   * whose rights it previews: the first page leaves during the first render, before any effect could name the menu. */
  menu?: { menuId?: string | undefined; path?: string } | undefined;
}

/** Renders a validated screen: filter bar, toolbar, table, layout blocks and dialogs over one per-screen store. */
export function ScreenView({ screen, grantedKeys, menuRights, fixed, menu }: ScreenViewProps) {
  const address = useScreenAddress();
  // Parameters of a navigation that name a filter field start the filter bar, over its defaults; a range field ("from|to")
  // takes its two ends from parameters named as each end (a dashboard's drill-down hands createdFrom and createdTo).
  const start = useMemo(() => {
    const fields = screen.filter?.fields ?? [];
    const given: [string, unknown][] = [];
    for (const { fieldName } of fields) {
      if (fieldName in address.params) given.push([fieldName, address.params[fieldName]]);
      const ends = fieldName.includes('|') ? fieldName.split('|') : [];
      if (ends.some((end) => end in address.params)) {
        const pair = ends.map((end) => address.params[end] ?? null);
        // The pair for the first query (splitRanges), and each end under its own name, as the filter form reads a
        // range from a record (readFieldValue): without them the bar showed an empty range over filtered rows.
        given.push([fieldName, pair], ...ends.map((end, i): [string, unknown] => [end, pair[i]]));
      }
    }
    return given.length === 0 ? undefined : { ...defaultValues(fields), ...Object.fromEntries(given) };
  }, [screen, address]);
  const query = () => {
    const fields = screen.filter?.fields ?? [];
    return fixed ?? splitRanges(fields.map((f) => f.fieldName), start ?? defaultValues(fields));
  };
  // The first page is asked for as the store is made, while the screen renders for the first time: the request is on
  // its way while the filter bar and the grid are built, the longest part of opening a screen (firstPage.ts).
  const [store] = useState(() => {
    const made = new ScreenStore(screen, grantedKeys, menuRights, menu?.menuId);
    made.setAddress(menu?.path ?? address.path, address.params, session.user);
    made.open(query());
    return made;
  });
  // Set before the children render: their conditions and links read the address and the user from the store.
  useMemo(() => store.setAddress(menu?.path ?? address.path, address.params, session.user), [store, address, menu?.path]);
  // Later changes of the starting values (another navigation to this screen, a record's fixed values) query again.
  const queried = useRef(true);
  useEffect(() => {
    if (queried.current) {
      queried.current = false;
      return;
    }
    void store.search(query());
    // query() reads exactly these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, screen, start, fixed]);
  return (
    <div className="dms-screen" data-screen-id={screen.id}>
      {address.back && !fixed ? (
        <div className="dms-screen-back" style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => (window.location.hash = `#${address.back!}`)}>
            {TEXT.screen.back}
          </Button>
        </div>
      ) : null}
      {fixed ? null : <FilterBar key={start ? JSON.stringify(start) : 'defaults'} store={store} start={start} />}
      {screen.table && !tablePlaced(screen.blocks) ? (
        <>
          <Toolbar store={store} />
          <DataTable store={store} />
        </>
      ) : null}
      <ScreenBlocks store={store} />
      <FormDialog store={store} />
      <ScreenDrawer store={store} />
    </div>
  );
}
