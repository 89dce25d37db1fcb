// The record page part of a screen (issue 22), checked where the schema cannot: a lines tab names a child-lines field,
// tab titles are distinct, tab conditions read only the record, user and params, related lists and attachments give
// parameters that parse, fields and buttons as everywhere.
import { checkConditionReadingAt, checkExpressionAt, RECORD_TAB_CONTEXT_NAMES, type ButtonPlace, type ReportProblem } from './expressionChecks';
import type { Button, Field, RecordPage } from './screen.types';

export interface RecordCheckTools {
  report: ReportProblem;
  checkApi: (path: string, ref: string | undefined) => void;
  checkDict: (path: string, dict: string | undefined) => void;
  checkFields: (path: string, fields: Field[]) => void;
  checkButtons: (path: string, buttons: Button[] | undefined, place: ButtonPlace) => void;
}

export function checkRecordPage(record: RecordPage, tools: RecordCheckTools): void {
  const { report, checkApi, checkDict, checkFields, checkButtons } = tools;
  checkApi('/record/load', record.load);
  checkApi('/record/save', record.save);
  if (!/\{id\}/.test(record.load)) report('/record/load', '读取记录的接口须含 {id}（记录主键）');
  record.keyFields?.forEach((field, i) => checkDict(`/record/keyFields/${i}/dict`, field.dict));
  checkButtons('/record/actions', record.actions, 'record');
  const titles = new Set<string>();
  record.tabs.forEach((tab, i) => {
    const at = `/record/tabs/${i}`;
    if (titles.has(tab.title)) report(`${at}/title`, `标签页标题重复：${tab.title}`);
    titles.add(tab.title);
    checkConditionReadingAt(`${at}/visible`, tab.visible, RECORD_TAB_CONTEXT_NAMES, report);
    checkConditionReadingAt(`${at}/disabled`, tab.disabled, RECORD_TAB_CONTEXT_NAMES, report);
    if (tab.fields) checkFields(`${at}/fields`, tab.fields);
    if (tab.lines) {
      checkFields(`${at}/lines`, [tab.lines]);
      if (tab.lines.type !== 'child-lines' || !tab.lines.lines) report(`${at}/lines/type`, 'lines 标签页的字段须为 child-lines 类型，并给出 lines（列与合计）');
    }
    for (const [name, source] of Object.entries(tab.params ?? {})) checkExpressionAt(`${at}/params/${name}`, source, report);
    checkApi(`${at}/api`, tab.api);
    if (tab.type === 'attachments' && tab.api === undefined && tab.params !== undefined) report(`${at}/params`, 'params 只用于 api 返回的附件；本记录的附件不需要 params');
  });
}
