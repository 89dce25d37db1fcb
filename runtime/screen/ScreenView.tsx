import { useEffect, useState } from 'react';
import { DataTable } from '../blocks/DataTable';
import { FilterBar } from '../blocks/FilterBar';
import { FormDialog } from '../blocks/FormDialog';
import { ScreenDrawer } from '../blocks/drawer/ScreenDrawer';
import { Toolbar } from '../blocks/Toolbar';
import { defaultValues } from '../form/formModel';
import { splitRanges } from '../form/ranges';
import { addressFilters } from './addressFilters';
import { ScreenBlocks } from './ScreenBlocks';
import type { Screen } from '../../schemas/screen/screen.types';
import type { MenuAccess } from '../permissions/buttonAccess';
import { ScreenStore } from './ScreenStore';

/** Renders a validated screen: filter bar, toolbar, table, layout blocks and dialogs over one per-screen store. */
export function ScreenView({ screen, grantedKeys, menuRights }: { screen: Screen; grantedKeys: readonly string[]; menuRights?: Omit<MenuAccess, 'keys'> }) {
  const [store] = useState(() => new ScreenStore(screen, grantedKeys, menuRights));
  useEffect(() => {
    const fields = screen.filter?.fields ?? [];
    void store.search({ ...splitRanges(fields.map((f) => f.fieldName), defaultValues(fields)), ...addressFilters() });
  }, [store, screen]);
  return (
    <div className="dms-screen" data-screen-id={screen.id}>
      <FilterBar store={store} />
      {screen.table ? (
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
