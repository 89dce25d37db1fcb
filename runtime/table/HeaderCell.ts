// The header of a table column, built from plain DOM rather than a React component: a 60-column table creates many of
// these and they must cost next to nothing. It shows the title, the sort order, the flex-group -/+ toggle, the mask
// eye and the filter icon, and follows the table's state through a MobX autorun.
import type { IHeaderComp, IHeaderParams } from 'ag-grid-community';
import { autorun, type IReactionDisposer } from 'mobx';
import { TEXT } from '../../schemas/text/zh';
import type { Column } from '../../schemas/screen/screen.types';
import type { ColumnLayout } from './columnLayout';

/** What a header needs from its table. */
export interface HeaderHost {
  layout: ColumnLayout;
  sortOf(dataIndex: string): 'asc' | 'desc' | undefined;
  toggleSort(dataIndex: string): void;
  isFiltered(dataIndex: string): boolean;
  isFilterOpen(dataIndex: string): boolean;
  toggleFilter(column: Column, anchor: HTMLElement): void;
}

export interface HeaderCellParams {
  definition: Column;
  /** Whether some row may edit this column: a required editable column shows a red star. */
  editable: boolean;
}

function icon(name: string, className: string, title: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = `ag-icon ag-icon-${name} ${className}`;
  span.title = title;
  span.setAttribute('role', 'button');
  return span;
}

export class HeaderCell implements IHeaderComp {
  private gui!: HTMLDivElement;
  private dispose: IReactionDisposer | undefined;

  init(params: IHeaderParams & HeaderCellParams): void {
    const host = params.context.host as HeaderHost;
    const column = params.definition;
    const gui = document.createElement('div');
    gui.className = 'dms-th';
    gui.dataset.col = column.dataIndex;

    const flex = host.layout.isFlexHead(column.dataIndex) ? icon('minus', 'dms-th-flex', TEXT.table.collapseGroup) : undefined;
    if (flex) {
      flex.addEventListener('click', (event) => {
        event.stopPropagation();
        host.layout.toggleFlex(column.dataIndex);
      });
      gui.append(flex);
    }

    const label = document.createElement('span');
    label.className = 'dms-th-label';
    if (params.editable && column.editRequired) {
      const star = document.createElement('span');
      star.className = 'dms-th-required';
      star.textContent = '*';
      label.append(star);
    }
    label.append(column.title);
    gui.append(label);

    let sort: HTMLSpanElement | undefined;
    if (column.sorter) {
      gui.classList.add('dms-th-sortable');
      sort = document.createElement('span');
      sort.className = 'ag-icon dms-th-sort';
      gui.append(sort);
      gui.addEventListener('click', () => host.toggleSort(column.dataIndex));
    }

    const eye = column.mask ? icon('eye-slash', 'dms-th-eye', TEXT.table.showPlain) : undefined;
    if (eye) {
      eye.addEventListener('click', (event) => {
        event.stopPropagation();
        host.layout.toggleMask(column.dataIndex);
      });
      gui.append(eye);
    }

    const filter = column.filter ? icon('filter', 'dms-th-filter', TEXT.table.filterTitle(column.title)) : undefined;
    if (filter) {
      filter.addEventListener('click', (event) => {
        event.stopPropagation();
        host.toggleFilter(column, filter);
      });
      gui.append(filter);
    }

    this.gui = gui;
    this.dispose = autorun(() => {
      if (flex) {
        const collapsed = host.layout.collapsed.has(column.dataIndex);
        flex.className = `ag-icon ag-icon-${collapsed ? 'plus' : 'minus'} dms-th-flex`;
        flex.title = collapsed ? TEXT.table.expandGroup : TEXT.table.collapseGroup;
      }
      if (sort) {
        const order = host.sortOf(column.dataIndex);
        sort.className = `ag-icon dms-th-sort ${order ? `ag-icon-${order} dms-th-sorted` : 'ag-icon-none'}`;
        gui.setAttribute('aria-sort', order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none');
      }
      if (eye) {
        const plain = host.layout.revealed.has(column.dataIndex);
        eye.className = `ag-icon ag-icon-${plain ? 'eye' : 'eye-slash'} dms-th-eye`;
        eye.title = plain ? TEXT.table.showMasked : TEXT.table.showPlain;
      }
      if (filter) {
        filter.classList.toggle('dms-th-filter-active', host.isFiltered(column.dataIndex));
        filter.classList.toggle('dms-th-filter-open', host.isFilterOpen(column.dataIndex));
      }
    });
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    return true;
  }

  destroy(): void {
    this.dispose?.();
  }
}
