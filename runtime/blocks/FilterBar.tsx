import { FILTER_DEFAULTS, ScreenForm } from '../form/ScreenForm';
import type { ScreenStore } from '../screen/ScreenStore';

/**
 * The query filter bar: the form engine in filter mode (4 columns, 1 row shown, labels 80 wide unless the screen
 * says otherwise), starting from a navigation's parameters when the screen was opened with some. 查 询 and Enter validate and search; 重 置 clears the form back to its defaults and searches again.
 */
export function FilterBar({ store, start }: { store: ScreenStore; start?: Record<string, unknown> | undefined }) {
  const filter = store.screen.filter;
  if (!filter || filter.fields.length === 0) return null;
  return (
    <ScreenForm
      className="dms-filter-bar"
      fields={filter.fields}
      cols={filter.cols ?? FILTER_DEFAULTS.cols}
      rows={filter.rows ?? FILTER_DEFAULTS.rows}
      labelWidth={filter.labelWidth ?? FILTER_DEFAULTS.labelWidth}
      mode="filter"
      idPrefix="filter"
      record={start}
      onSubmit={(values) => void store.search(values)}
      onReset={(values) => void store.search(values)}
    />
  );
}
