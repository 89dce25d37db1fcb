// The postSelection action (screen JSON action type `postSelection`): a page another system opens or embeds
// (/selectCrowd) hands the rows the user picked back to it as a message, to its own origin only, so no other site's
// window can read them. Opened on its own, there is nobody to hand them to: the user is told so.
import { feedback } from '../app/feedback';
import { renderTemplate } from '../../schemas/expression/template';
import { TEXT } from '../../schemas/text/zh';
import type { ActionHandler } from '../screen/screenExtensions';
import { stripRowMeta } from './rows';

/** The window to hand the selection to: the embedding page, else the opener; none when opened on its own. */
function receiver(): Window | null {
  if (window.parent !== window) return window.parent;
  return (window.opener as Window | null) ?? null;
}

export const postSelection: ActionHandler = async (action, { store }) => {
  const rows = store.selection.map(stripRowMeta);
  const count = rows.length;
  if (count === 0) {
    feedback().message.warning(TEXT.bulk.selectFirst);
    return;
  }
  const target = receiver();
  if (!target) {
    feedback().message.info(action.message === undefined ? TEXT.postSelection.noParent(count) : renderTemplate(action.message, { count }));
    return;
  }
  target.postMessage({ type: action.messageType!, [action.messageKey ?? 'rows']: rows }, window.location.origin);
  feedback().message.success(action.successMessage === undefined ? TEXT.postSelection.sent(count) : renderTemplate(action.successMessage, { count, selection: rows }));
};
