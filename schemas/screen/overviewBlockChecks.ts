// What the schema cannot say of the overview blocks (welcome, figures, bars, list, menus: 概览 is made of them): which
// properties each needs, that lists are read with GET, that a bars block draws one series, and what their templates may
// read (a greeting the user, filter and params; a list's title its `total`; a list item's detail the item's own fields).
import { parseApiRef } from './apiRef';
import { namesRead, type ExpressionNode } from '../expression/expression';
import { parseTemplate } from '../expression/template';
import { SCREEN_CONTEXT_NAMES, type ReportProblem } from './expressionChecks';
import type { Block } from './screen.types';

/** The properties each overview block needs. */
const NEEDS: Record<string, readonly (keyof Block)[]> = {
  figures: ['api', 'figures'],
  bars: ['api', 'xField', 'series'],
  list: ['lists', 'line'],
  menus: ['menus'],
};

/** A template that parses and reads only `allowed` names (every name when `allowed` is undefined). */
function checkTemplate(path: string, text: string | undefined, allowed: readonly string[] | undefined, report: ReportProblem): void {
  if (text === undefined) return;
  let parts: (string | ExpressionNode)[];
  try {
    parts = parseTemplate(text);
  } catch (error) {
    report(path, `文字模板有误：${(error as Error).message}`);
    return;
  }
  if (!allowed) return;
  const read = new Set(parts.flatMap((part) => (typeof part === 'string' ? [] : namesRead(part))));
  const unknown = [...read].filter((name) => !allowed.includes(name));
  if (unknown.length > 0) report(path, `文字模板只能读取 ${allowed.join('、')}，不能读取：${unknown.join('、')}`);
}

export function overviewBlockProblems(at: string, block: Block, checkApi: (path: string, ref: string | undefined) => void, report: ReportProblem): void {
  for (const name of NEEDS[block.type] ?? []) if (block[name] === undefined) report(`${at}/${name}`, `${block.type} 区块须有 ${name}`);
  if (block.type === 'welcome' && block.text === undefined && block.facts === undefined) report(`${at}/text`, 'welcome 区块须有 text 或 facts');
  checkTemplate(`${at}/text`, block.text, SCREEN_CONTEXT_NAMES, report);
  block.facts?.forEach((fact, i) => checkTemplate(`${at}/facts/${i}/value`, fact.value, SCREEN_CONTEXT_NAMES, report));
  if (block.type === 'bars' && block.series && block.series.length !== 1) report(`${at}/series`, 'bars 区块只画一个系列');
  block.lists?.forEach((list, i) => {
    const path = `${at}/lists/${i}`;
    checkApi(`${path}/api`, list.api);
    if (parseApiRef(list.api).method !== 'GET') report(`${path}/api`, `列表接口须为 GET：${list.api}`);
    checkTemplate(`${path}/title`, list.title, ['total'], report);
  });
  checkTemplate(`${at}/detail`, block.detail, undefined, report);
  checkApi(`${at}/itemAction/api`, block.itemAction?.api);
}
