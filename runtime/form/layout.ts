// The form grid: 24 columns divided by the column count (building-blocks §2 item 3). Each field spans selfCols
// columns and may leave columns empty on its left and right; fields flow into rows.

const GRID_COLUMNS = 24;

interface LayoutItem {
  selfCols?: number;
  offsetLeftCols?: number;
  offsetRightCols?: number;
  /** Starts a row and fills it (section divider). */
  fullRow?: boolean;
}

export interface CellLayout {
  span: number;
  offset: number;
  rightOffset: number;
  row: number;
}

export const columnSpan = (cols: number): number => Math.floor(GRID_COLUMNS / cols);

export function layoutCells(items: LayoutItem[], cols: number): CellLayout[] {
  const unit = columnSpan(cols);
  let row = 0;
  let used = 0;
  return items.map((item) => {
    const span = item.fullRow ? GRID_COLUMNS : Math.min(GRID_COLUMNS, unit * (item.selfCols ?? 1));
    const offset = item.fullRow ? 0 : Math.min(GRID_COLUMNS - span, unit * (item.offsetLeftCols ?? 0));
    const rightOffset = item.fullRow ? 0 : Math.min(GRID_COLUMNS - span - offset, unit * (item.offsetRightCols ?? 0));
    const width = offset + span + rightOffset;
    if (used > 0 && (item.fullRow || used + width > GRID_COLUMNS)) {
      row++;
      used = 0;
    }
    const cell = { span, offset, rightOffset, row };
    used += width;
    if (item.fullRow) {
      row++;
      used = 0;
    }
    return cell;
  });
}

/**
 * How many leading cells show while the form is collapsed to `rows` rows. `reserve` columns stay free at the end of
 * the last shown row for the filter bar's buttons.
 */
export function collapsedCount(cells: CellLayout[], rows: number, reserve: number): number {
  let count = 0;
  let row = 0;
  let used = 0;
  for (const cell of cells) {
    const width = cell.offset + cell.span + cell.rightOffset;
    let [r, u] = [row, used];
    if (u > 0 && u + width > GRID_COLUMNS) [r, u] = [r + 1, 0];
    u += width;
    // The buttons go after this cell: in its row if they fit, else on the next one.
    const buttonsRow = reserve === 0 || u + reserve <= GRID_COLUMNS ? r : r + 1;
    if (buttonsRow >= rows || r >= rows) break;
    [row, used] = [r, u];
    count++;
  }
  return count;
}
