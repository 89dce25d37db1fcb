import { useEffect, useState } from 'react';
import type { Request } from '../../schemas/screen/screen.types';
import { loadRemoteOptions, type FieldOption } from './useFieldOptions';

/** Options of a fixed request with path values; none while the values are not known (undefined). */
export function useRemoteOptions(request: Request, pathValues: Record<string, unknown> | undefined): { options: FieldOption[]; loading: boolean } {
  const key = pathValues ? `${request.api} ${JSON.stringify(pathValues)}` : '';
  const [loaded, setLoaded] = useState<{ key: string; options: FieldOption[] }>({ key: '', options: [] });
  useEffect(() => {
    if (!pathValues) return;
    let alive = true;
    void loadRemoteOptions(request, pathValues).then((options) => alive && setLoaded({ key, options }));
    return () => {
      alive = false;
    };
    // key stands for the request and its values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!pathValues) return { options: [], loading: false };
  return loaded.key === key ? { options: loaded.options, loading: false } : { options: [], loading: true };
}
