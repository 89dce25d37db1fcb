// Checks a screen definition: first against schemas/screen.schema.json, then for what a schema cannot express
// (the widget, action, block and renderer names of ./typeNames.ts, service names, dialog and permission references,
// expression syntax) and, given what the server knows, for api routes, permission keys, dictionary types and the reports
// (a dashboard's names) the server has. The runtime, the screen editor, `npm run screens:check` and the server share
// this one implementation; each passes its own compiled validator and the service names of its configuration.
import type { ErrorObject, ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import { parseApiRef, permissionKeyOf } from './apiRef';
import { dashboardProblems } from './dashboardChecks';
import { overviewBlockProblems } from './overviewBlockChecks';
import { tableProblems } from './tableChecks';
import { checkRecordPage } from './recordChecks';
import {
  BUTTON_CONTEXT_NAMES,
  checkActionTemplates,
  checkConditionReadingAt,
  checkContextConditionAt,
  checkExpressionAt,
  checkFieldExpressions,
  checkTemplateReadingAt,
  type ButtonPlace,
} from './expressionChecks';
import type { ReportKnowledge } from '../report/reportKnowledge';
import type { Action, Block, Button, Column, Field, Screen } from './screen.types';
import { SCREEN_TYPE_NAMES } from './typeNames';

export interface ScreenProblem {
  /** JSON Pointer into the screen, e.g. /table/columns/2/dict. */
  path: string;
  message: string;
}

export interface ScreenCheckContext {
  /** Service names of the runtime config's service registry. */
  services: ReadonlySet<string>;
  /** What the server knows; without it (the runtime rendering a stored screen) those references are not checked. */
  server?: ServerKnowledge;
  /** The screen ids a cell link may open (the repository's screens, the stored ones); without it they are not checked. */
  screenIds?: ReadonlySet<string>;
}

/** The server's own lists, as `GET lowcode/screenKnowledge` answers them. */
export interface ServerKnowledge {
  /** Permission keys of the server's routes (METHOD_service_path), as routeKeyShape writes them. */
  routeKeys: ReadonlySet<string>;
  /** Dictionary type codes (dict/codes). */
  dictTypes: ReadonlySet<string>;
  /** Menu folders a screen's `menu` block may name as its parent; without it the parent is not checked. */
  menuFolders?: ReadonlySet<string>;
  /** Role codes a screen's `menu` block may grant; without it the roles are not checked. */
  roleCodes?: ReadonlySet<string>;
  /** The reports the server runs, for a dashboard's items (their report, dimensions, measures, params); without it those names are not checked. */
  reports?: readonly ReportKnowledge[];
}

/** A key with its placeholders blanked: a screen may name a path parameter differently from the route. */
/** A menu key that is no route's: a page's marker the browser reads (ALL_customer-marketing_<page path>). */
export const isMarkerKey = (key: string): boolean => key.startsWith('ALL_');

export function routeKeyShape(key: string): string {
  return key.replace(/\{[^}]*\}/g, '{}');
}

/** Whether a route answers the key: same shape, or a route parameter where the key has a fixed segment. */
export function serverHasRoute(routeKeys: ReadonlySet<string>, key: string): boolean {
  const shape = routeKeyShape(key);
  if (routeKeys.has(shape)) return true;
  const segments = shape.split('/');
  for (const route of routeKeys) {
    const parts = route.split('/');
    if (parts.length === segments.length && parts.every((part, i) => part === segments[i] || (part === '{}' && i > 0))) return true;
  }
  return false;
}

/** One problem as one line: its JSON path and message. */
export function formatProblem(problem: ScreenProblem): string {
  return `${problem.path || '/'} ${problem.message}`;
}

/** On failure, `stage` says which check failed: the schema, or (the schema passed) the semantic checks. */
export type ScreenCheckResult = { ok: true; screen: Screen } | { ok: false; problems: ScreenProblem[]; stage: 'schema' | 'semantic' };

export function checkScreen(value: unknown, validate: ValidateFunction, context: ScreenCheckContext): ScreenCheckResult {
  if (!validate(value)) return { ok: false, problems: schemaProblems(validate.errors ?? []), stage: 'schema' };
  const screen = value as Screen;
  const problems = semanticProblems(screen, context);
  return problems.length > 0 ? { ok: false, problems, stage: 'semantic' } : { ok: true, screen };
}

export function schemaProblems(errors: ErrorObject[]): ScreenProblem[] {
  // "if" errors only repeat the "then" error they come with.
  const relevant = errors.filter((e) => e.keyword !== 'if').map((e) => ({ ...e }));
  localizeZh(relevant);
  return relevant.map((error) => {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: '缺少必填属性' };
    if (error.keyword === 'additionalProperties') {
      return { path: `${error.instancePath}/${String(params.additionalProperty)}`, message: '不允许的属性（请检查拼写）' };
    }
    if (error.keyword === 'enum') {
      return { path: error.instancePath, message: `取值应为以下之一：${(params.allowedValues as unknown[]).join('、')}` };
    }
    return { path: error.instancePath, message: error.message ?? '不符合页面定义规范' };
  });
}

export function semanticProblems(screen: Screen, context: ScreenCheckContext): ScreenProblem[] {
  const problems: ScreenProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });

  const server = context.server;
  const checkApi = (path: string, ref: string | undefined) => {
    if (!ref) return;
    const api = parseApiRef(ref);
    if (!context.services.has(api.service)) report(path, `未注册的服务：${api.service}`);
    else if (server && !serverHasRoute(server.routeKeys, permissionKeyOf(api))) report(path, `服务器没有此接口：${ref}`);
  };
  const checkDict = (path: string, dict: string | undefined) => {
    if (server && dict !== undefined && !server.dictTypes.has(dict)) report(path, `服务器没有此字典类型：${dict}`);
  };
  const checkColumns = (path: string, columns: Column[]) =>
    columns.forEach((column, i) => {
      checkDict(`${path}/${i}/dict`, column.dict);
      if (column.children) checkColumns(`${path}/${i}/children`, column.children);
    });
  const checkFields = (path: string, fields: Field[]) => {
    const seen = new Set<string>();
    fields.forEach((field, i) => {
      const at = `${path}/${i}`;
      if (!SCREEN_TYPE_NAMES.widgetTypes.has(field.type)) report(`${at}/type`, `未注册的控件类型：${field.type}`);
      if (seen.has(field.fieldName)) report(`${at}/fieldName`, `字段名重复：${field.fieldName}`);
      seen.add(field.fieldName);
      checkApi(`${at}/request/api`, field.request?.api);
      checkDict(`${at}/dict`, field.dict);
      checkFieldExpressions(at, field, report);
    });
  };
  const checkAction = (path: string, action: Action) => {
    if (!SCREEN_TYPE_NAMES.actionTypes.has(action.type)) report(`${path}/type`, `未注册的动作类型：${action.type}`);
    if (action.dialog !== undefined && !screen.dialogs?.[action.dialog]) report(`${path}/dialog`, `对话框未定义：${action.dialog}`);
    if (action.dialog !== undefined && screen.dialogs?.[action.dialog]) {
      const mode = action.mode ?? 'add';
      if (mode !== 'show' && !screen.dialogs[action.dialog]!.submit?.[mode]) {
        report(`${path}/mode`, `对话框 ${action.dialog} 缺少 submit.${mode} 接口`);
      }
    }
    checkApi(`${path}/api`, action.api);
    checkApi(`${path}/exportMethod`, action.exportMethod);
    if (action.type === 'bulk' && !screen.table) report(`${path}/type`, 'bulk 动作作用于表格选中的行，页面须有 table');
    if (action.type === 'postSelection' && !screen.table) report(`${path}/type`, 'postSelection 动作回传表格选中的行，页面须有 table');
    if (action.then) checkAction(`${path}/then`, action.then);
  };
  const checkButtons = (path: string, buttons: Button[] | undefined, place: ButtonPlace) =>
    buttons?.forEach((button, i) => {
      const at = `${path}/${i}`;
      if (button.permission !== undefined && !screen.permissions?.[button.permission]) {
        report(`${at}/permission`, `权限名称未在 permissions 中定义：${button.permission}`);
      }
      checkExpressionAt(`${at}/visible`, button.visible, report);
      checkConditionReadingAt(`${at}/disabled`, button.disabled, BUTTON_CONTEXT_NAMES[place], report);
      checkTemplateReadingAt(`${at}/disabledReason`, button.disabledReason, BUTTON_CONTEXT_NAMES[place], report);
      if (button.disabledReason !== undefined && button.disabled === undefined) report(`${at}/disabledReason`, 'disabledReason 须与 disabled（禁用条件）一起使用');
      checkAction(`${at}/action`, button.action);
      checkActionTemplates(`${at}/action`, button.action, report);
    });

  if (!context.services.has(screen.service)) report('/service', `未注册的服务：${screen.service}`);
  if (server) {
    for (const [name, key] of Object.entries(screen.permissions ?? {})) {
      // A marker key (ALL_customer-marketing_<page path>, BB-PERM-06) names no route: the menu carries it as it is.
      if (!isMarkerKey(key) && !serverHasRoute(server.routeKeys, key)) report(`/permissions/${name}`, `服务器没有此权限键：${key}`);
    }
    for (const [role, names] of Object.entries(screen.menu?.rolePermissions ?? {})) {
      if (server.roleCodes && !server.roleCodes.has(role)) report(`/menu/rolePermissions/${role}`, `角色不存在：${role}`);
      names.forEach((name, i) => {
        if (!screen.permissions?.[name]) report(`/menu/rolePermissions/${role}/${i}`, `权限名称未在 permissions 中定义：${name}`);
      });
    }
    if (screen.menu && server.menuFolders && !server.menuFolders.has(screen.menu.parent)) report('/menu/parent', `上级菜单不存在或不是目录：${screen.menu.parent}`);
    screen.menu?.roles?.forEach((role, i) => {
      if (server.roleCodes && !server.roleCodes.has(role)) report(`/menu/roles/${i}`, `角色不存在：${role}`);
    });
  }
  if (screen.filter) checkFields('/filter/fields', screen.filter.fields);
  if (screen.table) {
    checkApi('/table/api', screen.table.api);
    const { editPermission } = screen.table;
    if (editPermission !== undefined && !screen.permissions?.[editPermission]) report('/table/editPermission', `权限名称未在 permissions 中定义：${editPermission}`);
    checkColumns('/table/columns', screen.table.columns);
    problems.push(...tableProblems(screen.table, context.services, context.screenIds));
  }
  checkButtons('/toolbar', screen.toolbar, 'toolbar');
  checkButtons('/rowActions', screen.rowActions, 'row');
  const checkBlocks = (path: string, blocks: Block[] | undefined): void =>
    blocks?.forEach((block: Block, i) => {
      const at = `${path}/${i}`;
      if (!SCREEN_TYPE_NAMES.blockTypes.has(block.type)) report(`${at}/type`, `未注册的区块类型：${block.type}`);
      if (block.service !== undefined && !context.services.has(block.service)) report(`${at}/service`, `未注册的服务：${block.service}`);
      if (block.permission !== undefined && !screen.permissions?.[block.permission]) {
        report(`${at}/permission`, `权限名称未在 permissions 中定义：${block.permission}`);
      }
      checkApi(`${at}/api`, block.api);
      checkContextConditionAt(`${at}/visible`, block.visible, report);
      block.tabs?.forEach((tab, j) => {
        checkContextConditionAt(`${at}/tabs/${j}/visible`, tab.visible, report);
        checkContextConditionAt(`${at}/tabs/${j}/disabled`, tab.disabled, report);
      });
      problems.push(...dashboardProblems(at, block, checkApi, server?.reports));
      overviewBlockProblems(at, block, checkApi, report);
      checkRecordBlock(at, block);
      // Anchor sections and tabs hold blocks of their own.
      block.sections?.forEach((section, j) => checkBlocks(`${at}/sections/${j}/blocks`, section.blocks));
      block.tabs?.forEach((tab, j) => checkBlocks(`${at}/tabs/${j}/blocks`, tab.blocks));
    });
  // descriptions: a record fetched with the submitted filters, shown by the form fields' display rules.
  const filterNames = new Set((screen.filter?.fields ?? []).flatMap((f) => f.fieldName.split('|')));
  const tableBlocks: string[] = [];
  function checkRecordBlock(at: string, block: Block): void {
    if (block.type === 'table') {
      tableBlocks.push(at);
      if (!screen.table) report(`${at}/type`, 'table 区块放置页面的表格，页面须有 table');
    }
    if (block.type !== 'descriptions') return;
    if (block.api === undefined) report(`${at}/api`, 'descriptions 区块须有 api');
    if (block.fields === undefined) report(`${at}/fields`, 'descriptions 区块须有 fields');
    else checkFields(`${at}/fields`, block.fields);
    block.requires?.forEach((name, i) => {
      if (!filterNames.has(name)) report(`${at}/requires/${i}`, `筛选栏没有此字段：${name}`);
    });
  }
  checkBlocks('/blocks', screen.blocks);
  for (const at of tableBlocks.slice(1)) report(`${at}/type`, '页面至多一个 table 区块');
  for (const [name, dialog] of Object.entries(screen.dialogs ?? {})) {
    checkFields(`/dialogs/${name}/form/fields`, dialog.form.fields);
    checkApi(`/dialogs/${name}/load`, dialog.load);
    checkApi(`/dialogs/${name}/submit/add`, dialog.submit?.add);
    checkApi(`/dialogs/${name}/submit/edit`, dialog.submit?.edit);
  }
  if (screen.record) checkRecordPage(screen.record, { report, checkApi, checkDict, checkFields, checkButtons });
  return problems;
}
