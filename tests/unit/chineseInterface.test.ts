// The whole interface is in Chinese (back-office §1): every text a user reads on a screen or a model's default screens
// and messages (titles, labels, column headers, options, button texts, placeholders, messages, dictionary entries,
// export file names) and every text of the runtime's, the editor's and the workflow's catalogues. A text must contain
// Chinese and may carry a Latin word only when it is one the list below allows, with its reason; a code (letters with
// digits: PJ01, 4S店), a value given as an example (如 D11001, 例如 repair.followUps), an identifier glossed in brackets
// （record） and a template placeholder ({roNo}) are not words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITOR_TEXT } from '../../editor/text';
import { RECORD_TEXT } from '../../runtime/record/recordText';
import { QUERY_SCHEME_TEXT } from '../../schemas/api/querySchemes';
import { TEXT } from '../../schemas/text/zh';
import { PROCESS_HISTORY_TEXT, PROCESS_TEXT } from '../../schemas/workflow/processText';
import { WORKFLOW_TEXT } from '../../schemas/workflow/workflowText';
import { definitionFilesIn } from '../../scripts/screenFiles';

const HAN = /[\u4e00-\u9fff]/;

/** Latin words a Chinese interface legitimately carries, each with why. */
const ALLOWED_WORDS: Record<string, string> = {
  VIN: '车辆识别代号，行业内就这样称呼（车架号）',
  PDI: '交车前检查，经销商的通用叫法',
  SOC: '电池荷电状态，充电桩与车辆上显示的就是 SOC',
  POS: '刷卡终端，收款方式的通用叫法',
  ID: '编号的通用写法（提醒ID）',
  CTI: '呼叫中心外呼平台的通用叫法',
  APP: '厂端 APP，手机应用的通用叫法',
  OEM: '主机厂',
  kWh: '电量单位',
  kW: '功率单位',
  MB: '文件大小单位',
  M: '文件大小单位（上传按钮的提示照规范写作 M）',
  Excel: '表格文件，经销商人员都这样叫',
  xls: '表格文件的格式名',
  xlsx: '表格文件的格式名与扩展名',
  jpg: '图片格式名',
  png: '图片格式名',
  PDF: '文件格式名',
  JSON: '页面与模型定义的格式名（配置人员在编辑器里写的就是 JSON）',
  HTTP: '请求失败时的状态码说明（HTTP 500）',
  Enter: '键盘按键名',
  Esc: '键盘按键名',
  getLodop: '打印控件的函数名，规范原文的提示“getLodop 出错:”',
  N: '流程条件变量的类型后缀：N 数字',
  S: '流程条件变量的类型后缀：S 字符串',
  D: '流程条件变量的类型后缀：D 字典',
  antd: '菜单图标取自 antd 图标库，填写的是它的图标名（系统管理员的提示）',
  // Competitors' models customers compare with: proper names, written as their makers do (codes such as 哈弗H6 or the
  // demo brand's 华晟 A3 carry digits and are not words).
  PLUS: '竞品车型名（比亚迪秦PLUS）',
  Model: '竞品车型名（特斯拉Model Y）',
  Y: '竞品车型名（特斯拉Model Y）',
};

/** Whole texts that are codes users know by their letters: the column or option is that code. */
const WHOLE_CODES: Record<string, string> = {
  VIN: '车辆识别代号的列头',
  PDI: '交车前检查的列头',
  // The intention grades of a prospect (意向级别), H/A/B/C as every dealership writes them; the dictionary's entries.
  H: '意向级别',
  A: '意向级别',
  B: '意向级别',
  C: '意向级别',
};

/** Properties whose string a user reads. */
const TEXT_KEYS = new Set([
  'title', 'label', 'header', 'text', 'placeholder', 'tooltip', 'description', 'message', 'successMessage', 'refusal', 'guardMessage',
  'emptyText', 'okText', 'cancelText', 'unit', 'fileName', 'exportName', 'templateName', 'groupName',
]);
/** Containers whose strings are references, not text: a ref's title field, permission keys, seed data for the demo. */
const NOT_TEXT = new Set(['ref', 'permissions', 'seed']);
/** Arrays whose entries' `name` is what the user reads: dictionary types and their codes, chart series. */
const NAMED_ENTRIES = new Set(['dictionaries', 'codes', 'series']);

interface ShownText {
  where: string;
  text: string;
}

/** The texts a user reads in one screen or model definition. */
function shownTexts(definition: unknown, isModel: boolean): ShownText[] {
  const found: ShownText[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, [...path, String(i)]));
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    // A form field that is never rendered (a dialog's hidden id) shows none of its texts.
    if (object.hidden === true && typeof object.fieldName === 'string') return;
    const inNamedEntries = NAMED_ENTRIES.has(path.at(-2) ?? '');
    for (const [key, child] of Object.entries(object)) {
      if (NOT_TEXT.has(key)) continue;
      const at = [...path, key];
      if (typeof child === 'string') {
        // A model's own description is its documentation for whoever designs models, not a text of its screens.
        if (isModel && path.length === 0 && key === 'description') continue;
        if (TEXT_KEYS.has(key) || (key === 'name' && inNamedEntries)) found.push({ where: `/${at.join('/')}`, text: child });
      } else walk(child, at);
    }
  };
  walk(definition, []);
  return found;
}

/** What is wrong with a text a user reads, or undefined. */
function textProblem(text: string): string | undefined {
  if (Object.hasOwn(WHOLE_CODES, text.trim())) return undefined;
  if (!HAN.test(text)) return '没有中文';
  const tokens = text
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/如\s*[\x21-\x7e]+/g, ' ')
    // A property name glossed in brackets for the configurator (lower camel case): 记录页面（record）.
    .replace(/（[a-z][A-Za-z0-9.]*）/g, ' ')
    .match(/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*/g);
  // A token with a digit is a code (PJ01, 4S, 华晟 A3, D11001), not a word.
  const foreign = (tokens ?? []).filter((token) => !/\d/.test(token) && !Object.hasOwn(ALLOWED_WORDS, token));
  return foreign.length > 0 ? `含有英文词：${foreign.join('、')}` : undefined;
}

/** Every string of a text catalogue, and what each function of it says, given arguments with no Chinese of their own. */
function catalogueTexts(catalogue: object, name: string): ShownText[] {
  const found: ShownText[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') found.push({ where, text: value });
    else if (typeof value === 'function') found.push({ where: `${where}()`, text: String((value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => 1))) });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}[${i}]`));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, `${where}.${key}`);
  };
  walk(catalogue, name);
  return found;
}

/** Catalogue functions that only format what they are given (a label and a message, a count): no words of their own. */
const FORMAT_ONLY = new Set(['TEXT.form.invalid()', 'TEXT.richText.count()', 'TEXT.bulk.failedRow()', 'TEXT.validation.path()', 'RECORD_TEXT.changed()']);

/** Catalogue texts that are not Chinese on purpose, each with why. */
const NOT_CHINESE_ON_PURPOSE: Record<string, string> = {
  'TEXT.upload.chunkFailed': '规范原文（back-office 断点续传：upload failed, please retry，BO-BPU-07），照抄',
  'TEXT.export.defaultSheetName': '规范原文（back-office Excel 导出：default sheet name \'sheet\'），照抄',
  'TEXT.menuSearch.shortcut': '快捷键的键名（Ctrl K），键盘上印的就是这些字母',
  'TEXT.overview.none': '空值的占位符（—），没有文字',
};

/** The expression functions' signatures in the editor's completion are the language a configurator types (names, quoted
 * units, date formats), not interface words: only their descriptions are read as text, with those codes left out. */
const EXPRESSION_SIGNATURE = /^EDITOR_TEXT\.expressionFunctions\.[A-Za-z]+\[0\]$/;
const expressionCodes = (text: string) => text.replace(/'[a-z]+'/g, ' ').replace(/Y{4}-M{2}-D{2}( H{2}:m{2}:s{2})?/g, ' ');

describe('[BO-PROD-03] the whole interface is in Chinese', () => {
  const { screens, models } = definitionFilesIn(['screens', 'models']);

  it('[BO-PROD-03] the check itself: an English label, a label with an English word, and a Latin-only option are caught; codes and examples are not', () => {
    expect(textProblem('Repair order')).toBe('没有中文');
    expect(textProblem('维修 order')).toBe('含有英文词：order');
    expect(textProblem('Yes')).toBe('没有中文');
    expect(textProblem('VIN')).toBeUndefined();
    expect(textProblem('充电量（kWh）')).toBeUndefined();
    expect(textProblem('经销商代码，如 D11001')).toBeUndefined();
    expect(textProblem('仓库（缺省 PJ01）')).toBeUndefined();
    expect(textProblem('金额 amount')).toBe('含有英文词：amount');
    expect(textProblem('维修工单（Open）')).toBe('含有英文词：Open');
    expect(textProblem('页面 x 没有记录页面（record）定义')).toBe('含有英文词：x');
    expect(textProblem('工单号：{roNo}')).toBeUndefined();
    const screen = { title: '工单', filter: { fields: [{ fieldName: 'id', label: 'ID', hidden: true }, { fieldName: 'status', label: '状态', options: [{ value: '1', text: 'Open' }] }] } };
    expect(shownTexts(screen, false).map((t) => [t.where, textProblem(t.text)])).toEqual([
      ['/title', undefined],
      ['/filter/fields/1/label', undefined],
      ['/filter/fields/1/options/0/text', '没有中文'],
    ]);
  });

  /** The texts shown by each definition file and what is wrong with each. */
  function problemsIn(files: readonly string[], isModel: boolean): { problems: string[]; count: number } {
    const problems: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const { where, text } of shownTexts(JSON.parse(readFileSync(file, 'utf8')), isModel)) {
        count++;
        const problem = textProblem(text);
        if (problem) problems.push(`${file}${where} “${text}”：${problem}`);
      }
    }
    return { problems, count };
  }

  it('[BO-PROD-03] every text of every screen in screens/ is Chinese', () => {
    expect(screens.length).toBeGreaterThan(50);
    const { problems, count } = problemsIn(screens, false);
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(2000);
  });

  it('[BO-PROD-03] every text of every model in models/ (field labels, states and transitions, dictionaries, messages, export headers) is Chinese', () => {
    expect(models.length).toBeGreaterThan(40);
    const { problems, count } = problemsIn(models, true);
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(2000);
  });

  it('[BO-PROD-03] every text of the runtime’s, the record page’s, the editor’s, the query schemes’ and the workflow’s catalogues is Chinese', () => {
    const texts = [
      ...catalogueTexts(TEXT, 'TEXT'),
      ...catalogueTexts(RECORD_TEXT, 'RECORD_TEXT'),
      ...catalogueTexts(EDITOR_TEXT, 'EDITOR_TEXT'),
      ...catalogueTexts(QUERY_SCHEME_TEXT, 'QUERY_SCHEME_TEXT'),
      ...catalogueTexts(PROCESS_TEXT, 'PROCESS_TEXT'),
      ...catalogueTexts(PROCESS_HISTORY_TEXT, 'PROCESS_HISTORY_TEXT'),
      ...catalogueTexts(WORKFLOW_TEXT, 'WORKFLOW_TEXT'),
    ];
    expect(texts.length).toBeGreaterThan(300);
    const problems = texts.filter((t) => !FORMAT_ONLY.has(t.where) && !Object.hasOwn(NOT_CHINESE_ON_PURPOSE, t.where) && !EXPRESSION_SIGNATURE.test(t.where)).flatMap((t) => {
      const problem = textProblem(t.where.startsWith('EDITOR_TEXT.expressionFunctions.') ? expressionCodes(t.text) : t.text);
      return problem ? [`${t.where} “${t.text}”：${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
