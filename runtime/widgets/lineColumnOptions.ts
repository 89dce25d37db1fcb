// The choices of a lines table's select and read-only columns (a line's 收费区分, its technician): a static list, a
// dictionary, or a list the server answers, asked for once per table (every line of the table shares it).
import { useEffect, useMemo, useState } from 'react';
import type { LineColumn } from '../../schemas/screen/screen.types';
import { session } from '../stores/session';
import { loadRemoteOptions, type FieldOption } from './useFieldOptions';

/** The columns with their options resolved: dictionary ones at once, remote ones when they arrive. */
export function useLineColumns(columns: LineColumn[]): LineColumn[] {
  const remote = useMemo(() => columns.filter((c) => c.request && !c.options), [columns]);
  const [loaded, setLoaded] = useState<Record<string, FieldOption[]>>({});
  useEffect(() => {
    let alive = true;
    for (const column of remote) void loadRemoteOptions(column.request!).then((options) => alive && setLoaded((was) => ({ ...was, [column.name]: options })));
    return () => {
      alive = false;
    };
  }, [remote]);
  return useMemo(
    () =>
      columns.map((column) => {
        if (column.options) return column;
        if (column.dict) return { ...column, options: session.dictionary(column.dict) };
        if (column.request) return { ...column, options: loaded[column.name] ?? [] };
        return column;
      }),
    [columns, loaded],
  );
}
