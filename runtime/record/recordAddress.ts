// Which record page is open: the record's id under its screen's menu path, and the shell's tabs (handed in by the menu
// page: importing the tab store here would split it out of the first screen's chunk).
import type { TabStore } from '../stores/tabs';

export interface RecordAddress {
  id: string;
  /** The menu path of the screen; the page's own address is `${path}/${id}`. */
  path: string;
  /** The shell's tabs: the record page retitles its own, and writes its open tab into the address while it is the
   * active one (activePath). */
  tabs: Pick<TabStore, 'tabs'> & Partial<Pick<TabStore, 'activePath'>>;
}
