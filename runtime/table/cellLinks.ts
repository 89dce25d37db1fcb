// Where a cell's link leads (a column's `link`): the record page of the row (#/<menu path>/<id>) or another screen with
// filter values taken from the row (#/<menu path>?vin=...), each with the way back to this screen. A target the user
// has no menu for, or a row without the value the address needs, gives no link: the cell shows its text alone.
import { BACK_PARAM } from '../screen/screenParams';
import type { CellLink } from '../../schemas/screen/screen.types';
import type { Row } from './rows';

export interface LinkPlace {
  /** The menu path of the screen the table is on: a record link without a screen opens <path>/<id>. */
  path: string;
  /** The table's row key: the record id unless the link names its idField. */
  rowKey: string;
  /** The address to come back to (this screen's, without the leading #). */
  back: string;
  /** The menu path that opens a screen for this user, if any. */
  pathOfScreen(screenId: string): string | undefined;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The address a link opens from a row, or undefined when it has none for this user and row. */
export function cellLinkHref(link: CellLink, row: Row, place: LinkPlace): string | undefined {
  const base = link.screen !== undefined ? place.pathOfScreen(link.screen) : link.record === true ? place.path : undefined;
  if (!base) return undefined;
  const query = new URLSearchParams();
  let target = base;
  if (link.record === true) {
    const id = row[link.idField ?? place.rowKey];
    if (blank(id)) return undefined;
    target = `${base.replace(/\/$/, '')}/${encodeURIComponent(String(id))}`;
  } else {
    for (const [name, field] of Object.entries(link.params ?? {})) {
      const value = row[field];
      if (!blank(value)) query.append(name, String(value));
    }
  }
  query.append(BACK_PARAM, place.back);
  return `#${target}?${query.toString()}`;
}
