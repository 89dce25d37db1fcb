// Drill-down: the list screen at a menu path, with the filters of one report group in its query string (the server
// hands each group its filters; the list screen's filter bar shows them and its first query uses them, runtime/screen/screenParams.ts).
import type { DrillParams } from '../../../schemas/api/report';

export function drillUrl(path: string, drill: DrillParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(drill)) for (const one of [value].flat()) query.append(name, one);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
