// What the schema cannot say about a table: unique column keys, flex members that exist, registered renderers,
// choices for select editors and choice filters, patterns and conditions that compile, registered services, a
// phone mask on every column of phone numbers, and links that name a known screen and this table's own fields.
import { parseApiRef } from './apiRef';
import { parseExpression } from '../expression/expression';
import { checkContextConditionAt } from './expressionChecks';
import type { Column, Table } from './screen.types';
import { SCREEN_TYPE_NAMES } from './typeNames';

/** Column names that hold a phone number (phone, mobile, tel, ownerPhone, contactTel ...): such a column must mask them
 * (back-office §5), so a new screen cannot show numbers in full by omission. */
export const PHONE_NAME = /^(phone|mobile|tel|telephone)$|[a-z0-9](Phone|Mobile|Tel|Telephone)$/;

export interface TableProblem {
  path: string;
  message: string;
}

/** `screenIds`: the screens a link may open; without it (the runtime rendering a stored screen) they are not checked. */
export function tableProblems(table: Table, services: ReadonlySet<string>, screenIds?: ReadonlySet<string>): TableProblem[] {
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
    // Phone numbers show masked wherever they show (back-office §5); a column that forgot its mask showed them in full.
    if (!column.children && PHONE_NAME.test(column.dataIndex) && column.mask !== 'phone') report(`${at}/mask`, `电话号码列须设置 "mask": "phone"（脱敏显示）：${column.dataIndex}`);
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
    checkContextConditionAt(`${at}/visible`, column.visible, report);
    if (column.link) linkProblems(`${at}/link`, column, leaves, table.rowKey ?? 'id', screenIds, report);
    for (const [key, ref] of [['searchHelper/api', column.searchHelper?.api], ['request/api', column.request?.api]] as const) {
      if (ref && !services.has(parseApiRef(ref).service)) report(`${at}/${key}`, `未注册的服务：${parseApiRef(ref).service}`);
    }
  });
  return problems;
}

/** A link opens a record page or a known screen, with values of this table's own fields; a link cell is not edited. */
function linkProblems(path: string, column: Column, leaves: ReadonlySet<string>, rowKey: string, screenIds: ReadonlySet<string> | undefined, report: (path: string, message: string) => void): void {
  const link = column.link!;
  if (link.record !== true && link.screen === undefined) report(path, '链接须设置 "record": true（打开记录页）或 screen（打开的页面）');
  if (link.screen !== undefined && screenIds && !screenIds.has(link.screen)) report(`${path}/screen`, `链接的目标页面不存在：${link.screen}`);
  const isRowField = (name: string) => leaves.has(name) || name === rowKey;
  if (link.idField !== undefined && !isRowField(link.idField)) report(`${path}/idField`, `链接的记录 ID 字段不是本表的列或 rowKey：${link.idField}`);
  if (link.record === true && link.params !== undefined) report(`${path}/params`, '记录页链接按行的 ID 打开，不带 params');
  for (const [name, source] of Object.entries(link.params ?? {})) {
    if (!isRowField(source)) report(`${path}/params/${name}`, `链接参数取值的字段不是本表的列或 rowKey：${source}`);
  }
  if (column.editable !== undefined && column.editable !== false) report(`${path}`, '可编辑的列不能带链接（单击单元格进入编辑）');
}
