// What the schema cannot say about a table: unique column keys, flex members that exist, registered renderers,
// choices for select editors and choice filters, patterns and conditions that compile, and registered services.
import { parseApiRef } from './apiRef';
import { parseExpression } from '../expression/expression';
import type { Column, Table } from './screen.types';
import { SCREEN_TYPE_NAMES } from './typeNames';

export interface TableProblem {
  path: string;
  message: string;
}

export function tableProblems(table: Table, services: ReadonlySet<string>): TableProblem[] {
  const problems: TableProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  const renderers = SCREEN_TYPE_NAMES.cellRenderers;
  const seen = new Set<string>();
  const leaves = new Set<string>();
  const walk = (columns: Column[], path: string, visit: (column: Column, at: string) => void) =>
    columns.forEach((column, i) => {
      const at = `${path}/${i}`;
      visit(column, at);
      if (column.children) walk(column.children, `${at}/children`, visit);
    });

  walk(table.columns, '/table/columns', (column) => {
    if (!column.children) leaves.add(column.dataIndex);
  });
  walk(table.columns, '/table/columns', (column, at) => {
    if (seen.has(column.dataIndex)) report(`${at}/dataIndex`, `列 dataIndex 重复：${column.dataIndex}`);
    seen.add(column.dataIndex);
    if (column.render && !renderers.has(column.render)) report(`${at}/render`, `未注册的单元格渲染器：${column.render}`);
    for (const key of ['flex', 'flexList'] as const) {
      column[key]?.forEach((member, j) => {
        if (!leaves.has(member) || member === column.dataIndex) report(`${at}/${key}/${j}`, `列组成员不是本表的其他列：${member}`);
      });
    }
    const hasChoices = Boolean(column.editItems || column.dict || column.request);
    if ((column.editType === 'select' || column.editType === 'select-multiple') && !hasChoices && !column.searchHelper) {
      report(`${at}/editType`, '下拉编辑需要 editItems、dict 或 request 提供选项');
    }
    if (column.filter && (column.filterType === 'checkbox' || column.filterType === 'radio') && !column.filterItems && !hasChoices) {
      report(`${at}/filterType`, '多选与单选筛选需要 filterItems，或列的 editItems、dict、request');
    }
    if (column.editPattern) {
      try {
        new RegExp(column.editPattern);
      } catch {
        report(`${at}/editPattern`, `正则表达式有误：${column.editPattern}`);
      }
    }
    if (typeof column.editable === 'string') {
      try {
        parseExpression(column.editable);
      } catch (error) {
        report(`${at}/editable`, `表达式有误：${(error as Error).message}`);
      }
    }
    for (const [key, ref] of [['searchHelper/api', column.searchHelper?.api], ['request/api', column.request?.api]] as const) {
      if (ref && !services.has(parseApiRef(ref).service)) report(`${at}/${key}`, `未注册的服务：${parseApiRef(ref).service}`);
    }
  });
  return problems;
}
