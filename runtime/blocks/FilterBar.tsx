import { useRef, useState } from 'react';
import { FILTER_DEFAULTS, ScreenForm, type ScreenFormHandle } from '../form/ScreenForm';
import { splitRanges } from '../form/ranges';
import type { ScreenStore } from '../screen/ScreenStore';
import { QuerySchemeBar } from './schemes/QuerySchemeBar';

/**
 * The query filter bar: the form engine in filter mode (4 columns, 1 row shown, labels 80 wide unless the screen
 * says otherwise), starting from a navigation's parameters when the screen was opened with some. 查 询 and Enter validate and search; 重 置 clears the form back to its defaults and searches again.
 * With `schemes`, the custom query schemes above it: a scheme picked fills the form (started again from its values)
 * and searches.
 */
export function FilterBar({ store, start }: { store: ScreenStore; start?: Record<string, unknown> | undefined }) {
  const filter = store.screen.filter;
  const form = useRef<ScreenFormHandle>(null);
  const [applied, setApplied] = useState<{ key: number; values: Record<string, unknown> } | undefined>(undefined);
  if (!filter || filter.fields.length === 0) return null;
  const apply = (values: Record<string, unknown>) => {
    setApplied((before) => ({ key: (before?.key ?? 0) + 1, values }));
    void store.search(splitRanges(filter.fields.map((f) => f.fieldName), values));
  };
  return (
    <>
      {filter.schemes ? <QuerySchemeBar store={store} fields={filter.fields} scope={filter.schemes} current={() => form.current?.validate()[1] ?? {}} apply={apply} /> : null}
      <ScreenForm
        key={applied?.key ?? 'start'}
        handleRef={form}
        className="dms-filter-bar"
        fields={filter.fields}
        cols={filter.cols ?? FILTER_DEFAULTS.cols}
        rows={filter.rows ?? FILTER_DEFAULTS.rows}
        labelWidth={filter.labelWidth ?? FILTER_DEFAULTS.labelWidth}
        mode="filter"
        idPrefix="filter"
        record={applied?.values ?? start}
        onSubmit={(values) => void store.search(values)}
        onReset={(values) => void store.search(values)}
      />
    </>
  );
}
