// The pinyin initials of a menu title ('维修工单' -> 'wxgd'), sent with the menu tree so the shell's menu search finds a
// page by them. Computed here, once per answer, because the pinyin table is large: the browser's first screen would
// otherwise carry it.
import { pinyin } from 'pinyin-pro';

export function initialsOf(title: string): string {
  return pinyin(title, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('').replace(/\s+/g, '').toLowerCase();
}
