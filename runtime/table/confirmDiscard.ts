import { askConfirm } from '../app/feedback';
import { TEXT } from '../../schemas/text/zh';

/** Asks before unsaved table edits are thrown away by loading other rows; answers whether to go on. */
export function confirmDiscard(): Promise<boolean> {
  return askConfirm({ content: TEXT.table.discardChanges });
}
