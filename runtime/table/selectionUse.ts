// Whether a table shows its selection boxes to this user. A screen declares `selection` for what can act on the
// selected rows; when none of that is offered to the user (a technician without 删除行, a screen whose only bulk
// action needs a key the role lacks), boxes that do nothing are noise, so the table leaves them out.
import type { Action, Block } from '../../schemas/screen/screen.types';
import { SELECTION_ACTION_TYPES } from '../../schemas/screen/typeNames';
import { screenExtensions } from '../screen/screenExtensions';
import type { ScreenStore } from '../screen/ScreenStore';

const MENTIONS_SELECTION = /\bselection\b/;

function actsOnSelection(action: Action | undefined): boolean {
  if (!action) return false;
  return SELECTION_ACTION_TYPES.has(action.type) || actsOnSelection(action.then);
}

/** Blocks anywhere in the screen's layout (inside anchors' sections and tabs too). */
function* allBlocks(blocks: readonly Block[] | undefined): Generator<Block> {
  for (const block of blocks ?? []) {
    yield block;
    for (const part of [...(block.sections ?? []), ...(block.tabs ?? [])]) yield* allBlocks(part.blocks);
  }
}

export function selectionInUse(store: ScreenStore): boolean {
  const { screen } = store;
  if (!screen.table?.selection) return false;
  const buttonUses = (screen.toolbar ?? []).some(
    (button) =>
      store.can(button.permission, button.control) &&
      // A button shown or enabled by the selection needs the boxes as much as one acting on it.
      (actsOnSelection(button.action) || [button.visible, button.disabled].some((condition) => condition !== undefined && MENTIONS_SELECTION.test(condition))),
  );
  if (buttonUses) return true;
  // A block's permission is what its own save needs: a reader still sees it follow the selected row.
  return [...allBlocks(screen.blocks)].some((block) => screenExtensions().blocks[block.type]?.followsSelection === true);
}
