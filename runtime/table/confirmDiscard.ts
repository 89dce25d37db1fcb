import { feedback } from '../app/feedback';
import { TEXT } from '../i18n/zh';

/** Asks before unsaved table edits are thrown away by loading other rows; answers whether to go on. */
export function confirmDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title: TEXT.common.tipTitle,
      content: TEXT.table.discardChanges,
      okText: TEXT.common.ok,
      cancelText: TEXT.common.cancel,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
