// Checks model definitions (models/<area>/<name>.json): first against schemas/model.schema.json, with ajv's messages in
// Chinese, then for what a schema cannot say: names unique across the files (model, table, service and path), every
// field a part of the model names is one of its fields, the naming series' tokens, references to models, base tables
// and dictionary types, bounds and defaults that fit the field's type, expressions that parse and read only the model's
// fields, and seed hints that fit. Each problem names the file, a JSON pointer into it and says what is wrong in Chinese,
// as the screen check does (../screen/screenChecks.ts). `npm run screens:check` (and `npm run models:check`), the server
// and the editor share this one implementation.
import type { ErrorObject, ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import { childNodes, namesRead, parseExpression, type ExpressionNode } from '../expression/expression';
import { createModelAjv, modelSchema } from './modelAjv';
import type { Child, Field, Model } from './model.types';

export interface ModelProblem {
  /** The file as the caller named it ('' for checkModel without a file). */
  file: string;
  /** JSON Pointer into the model, e.g. /fields/3/ref/model. */
  path: string;
  message: string;
}

/** What the checks compare references to; a list that is absent is not checked. */
export interface ModelCheckContext {
  /** Dictionary types (dict/codes) a dict field may name. */
  dictTypes?: ReadonlySet<string>;
  /** Base tables (camelCase, as server/db/schema.ts names them) a ref.table may name. */
  tables?: ReadonlySet<string>;
  /** Service names of the runtime config's service registry. */
  services?: ReadonlySet<string>;
}

/** The dictionary types the models declare (`dictionaries`), each with its codes, first declaration first. */
export function declaredDictionaries(models: readonly Pick<Model, 'dictionaries'>[]): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const model of models)
    for (const dictionary of model.dictionaries ?? []) if (!declared.has(dictionary.type)) declared.set(dictionary.type, new Set(dictionary.codes.map((c) => c.code)));
  return declared;
}

/** The context with the dictionary types the models declare added to those that exist already. */
function withDeclared(context: ModelCheckContext, declared: ReadonlyMap<string, unknown>): ModelCheckContext {
  if (!context.dictTypes || declared.size === 0) return context;
  return { ...context, dictTypes: new Set([...context.dictTypes, ...declared.keys()]) };
}

/** Fields every model's table has without declaring them; ownerCode only on dealer data (scope owner). */
export const MODEL_IMPLICIT_FIELDS = ['id', 'ownerCode', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

export function implicitFields(model: Pick<Model, 'scope'>): string[] {
  return MODEL_IMPLICIT_FIELDS.filter((name) => name !== 'ownerCode' || model.scope === 'owner');
}

/** The model's table: `table`, or the model name with an s. */
export function modelTableName(model: Pick<Model, 'name' | 'table'>): string {
  return model.table ?? `${model.name}s`;
}

/** The answer's name for a ref field's title: `ref.as`, or the field's name with Id or Code replaced by Name
 * (advisorId -> advisorName, repairTypeCode -> repairTypeName). */
export function refTitleAlias(field: Pick<Field, 'name' | 'ref'>): string {
  return field.ref?.as ?? `${field.name.replace(/(Id|Code)$/, '')}Name`;
}

/** Date tokens of a naming series: the record's creation date, or `{<date field>|<token>}` a date of the record. */
export const NAMING_DATE_TOKENS = ['yyyy', 'yy', 'MM', 'dd', 'yyMMdd', 'yyyyMMdd', 'yyyyMM', 'yyMM'] as const;

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  compiled ??= createModelAjv().compile(modelSchema);
  return compiled;
}

/** One model alone: schema and semantics; a ref.model is not checked (checkModels knows the other models). */
export function checkModel(value: unknown, context: ModelCheckContext = {}, file = ''): ModelProblem[] {
  const validate = validator();
  if (!validate(value)) return schemaProblems(validate.errors ?? []).map((p) => ({ file, ...p }));
  const model = value as Model;
  return semanticProblems(model, withDeclared(context, declaredDictionaries([model])), undefined).map((p) => ({ file, ...p }));
}

/**
 * Every problem of a set of model files, in file order: a file's schema problems (its semantics are then not checked),
 * its clashes with an earlier file (model name, table, service and path), then its semantic problems.
 */
export function checkModels(models: { file: string; value: unknown }[], context: ModelCheckContext = {}): ModelProblem[] {
  const validate = validator();
  const valid = models.map(({ value }) => (validate(value) ? (value as Model) : undefined));
  const known = new Map<string, Model>();
  for (const model of valid) if (model && !known.has(model.name)) known.set(model.name, model);

  const problems: ModelProblem[] = [];
  const names = new Map<string, string>();
  const tables = new Map<string, string>();
  const routes = new Map<string, string>();
  const dictionaries = new Map<string, string>();
  const modelContext = withDeclared(context, declaredDictionaries(valid.filter((m): m is Model => m !== undefined)));
  models.forEach(({ file, value }, i) => {
    const model = valid[i];
    const add = (p: { path: string; message: string }) => problems.push({ file, ...p });
    if (!model) {
      validate(value);
      schemaProblems(validate.errors ?? []).forEach(add);
      return;
    }
    const owner = `模型 ${model.name}（${file}）`;
    const nameOwner = names.get(model.name);
    if (nameOwner !== undefined) add({ path: '/name', message: `模型名 ${model.name} 与 ${nameOwner} 中的模型重复` });
    else names.set(model.name, file);
    const claimTable = (path: string, table: string) => {
      const other = tables.get(table);
      const named = path === '/name' ? `${table}（缺省为模型名加 s）` : `${table} `;
      if (other !== undefined) add({ path, message: `表名 ${named}与${other}重复` });
      else tables.set(table, path === '/table' || path === '/name' ? owner : `${owner}的子表`);
    };
    claimTable(model.table !== undefined ? '/table' : '/name', modelTableName(model));
    model.children?.forEach((child, j) => {
      if (child.table !== undefined) claimTable(`/children/${j}/table`, child.table);
    });
    const route = `${model.service}:${model.path}`;
    const routeOwner = routes.get(route);
    if (routeOwner !== undefined) add({ path: '/path', message: `接口 ${route} 与${routeOwner}重复` });
    else routes.set(route, owner);
    model.dictionaries?.forEach((dictionary, j) => {
      // A type twice in one model is that model's own problem (below).
      const other = dictionaries.get(dictionary.type);
      if (other === undefined) dictionaries.set(dictionary.type, owner);
      else if (other !== owner) add({ path: `/dictionaries/${j}/type`, message: `字典类型 ${dictionary.type} 已由${other}声明` });
    });
    semanticProblems(model, modelContext, known).forEach(add);
  });
  return problems;
}

/** ajv's errors as problems with Chinese messages; the branches of a oneOf become one message. */
export function schemaProblems(errors: ErrorObject[]): { path: string; message: string }[] {
  const localized = errors.map((e) => ({ ...e }));
  localizeZh(localized);
  const oneOfs = localized.filter((e) => e.keyword === 'oneOf');
  const branchOf = (e: ErrorObject) => oneOfs.find((o) => o !== e && e.schemaPath.startsWith(`${o.schemaPath}/`) && e.instancePath.startsWith(o.instancePath));
  // A branch's error deeper in the value (a property of an object branch) says what is wrong; errors at the value itself
  // become the oneOf's one message, each branch's wish joined by 或.
  const deeper = (e: ErrorObject, oneOf: ErrorObject) => problemOf(e).path !== oneOf.instancePath;
  const problems: { path: string; message: string }[] = [];
  for (const error of localized) {
    const oneOf = branchOf(error);
    if (oneOf) {
      if (deeper(error, oneOf)) problems.push(problemOf(error));
      continue;
    }
    if (error.keyword === 'oneOf') {
      const branches = localized.filter((e) => branchOf(e) === error);
      if (branches.some((e) => deeper(e, error))) continue;
      problems.push({ path: error.instancePath, message: branches.map((e) => problemOf(e).message).join('，或') || '不符合模型定义规范' });
      continue;
    }
    problems.push(problemOf(error));
  }
  return problems;
}

function problemOf(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: '缺少必填属性' };
  if (error.keyword === 'additionalProperties') {
    return { path: `${error.instancePath}/${String(params.additionalProperty)}`, message: '不允许的属性（请检查拼写）' };
  }
  if (error.keyword === 'enum') return { path: error.instancePath, message: `取值应为以下之一：${(params.allowedValues as unknown[]).join('、')}` };
  if (error.keyword === 'const') return { path: error.instancePath, message: `取值应为 ${String(params.allowedValue)}` };
  return { path: error.instancePath, message: error.message ?? '不符合模型定义规范' };
}

const TEXT_TYPES = new Set(['string']);
const NUMBER_TYPES = new Set(['int', 'decimal', 'money']);
const DATE_TYPES = new Set(['date', 'datetime']);
const NOT_MULTIPLE = new Set(['money', 'decimal', 'boolean', 'html', 'text']);
const STRING_SEEDS = new Set(['personName', 'mobile', 'vin', 'plate', 'idCard']);

type Report = (path: string, message: string) => void;

/** The checks after the schema; `known` holds the models a ref.model may name (absent: refs to models unchecked). */
function semanticProblems(model: Model, context: ModelCheckContext, known: ReadonlyMap<string, Model> | undefined): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const report: Report = (path, message) => problems.push({ path, message });
  const implicit = implicitFields(model);
  const fields = new Map<string, Field>();
  for (const field of model.fields) if (!fields.has(field.name)) fields.set(field.name, field);
  const childNames = new Set((model.children ?? []).map((child) => child.name));
  const isField = (name: string) => fields.has(name) || implicit.includes(name);
  const requireField = (path: string, role: string, name: string) => {
    if (!isField(name)) report(path, `${role} ${name} 不是本模型的字段`);
  };
  const isUserRef = (field: Field | undefined) => {
    const ref = field?.type === 'ref' ? field.ref : undefined;
    if (!ref) return false;
    if (ref.table !== undefined) return ref.table === 'users';
    const target = ref.model === model.name ? model : ref.model !== undefined ? known?.get(ref.model) : undefined;
    return target !== undefined ? modelTableName(target) === 'users' : ref.model === 'user';
  };

  if (context.services && !context.services.has(model.service)) report('/service', `未注册的服务：${model.service}`);
  const ownTypes = new Set<string>();
  model.dictionaries?.forEach((dictionary, i) => {
    if (ownTypes.has(dictionary.type)) report(`/dictionaries/${i}/type`, `字典类型重复：${dictionary.type}`);
    ownTypes.add(dictionary.type);
    const codes = new Set<string>();
    dictionary.codes.forEach((code, j) => {
      const at = `/dictionaries/${i}/codes/${j}/code`;
      if (!code.code.startsWith(dictionary.type)) report(at, `代码 ${code.code} 应以字典类型 ${dictionary.type} 开头`);
      if (codes.has(code.code)) report(at, `代码重复：${code.code}`);
      codes.add(code.code);
    });
  });
  const ownCodes = declaredDictionaries([model]);
  requireField('/titleField', '标题字段', model.titleField);

  if (model.naming) {
    const field = fields.get(model.naming.field);
    if (!field) report('/naming/field', `编号字段 ${model.naming.field} 不是本模型的字段`);
    else if (field.type !== 'string') report('/naming/field', `编号字段 ${field.name} 应为 string 类型（现为 ${field.type}）`);
    const problem = namingSeriesProblem(model.naming.series, model, fields);
    if (problem) report('/naming/series', problem);
  }
  if (model.defaultSort) requireField('/defaultSort/field', '排序字段', model.defaultSort.field);
  model.indexes?.forEach((index, i) => index.fields.forEach((name, j) => requireField(`/indexes/${i}/fields/${j}`, '索引字段', name)));

  const fieldOwner: FieldOwner = { what: '本模型', fields: model.fields, names: new Set([...fields.keys(), ...implicit, ...childNames]), children: model.children ?? [] };
  checkFields('/fields', model.fields, fieldOwner, model, context, known, isUserRef, report);

  const seenChildren = new Set<string>();
  model.children?.forEach((child, i) => {
    const at = `/children/${i}`;
    if (seenChildren.has(child.name)) report(`${at}/name`, `子表名重复：${child.name}`);
    else if (fields.has(child.name)) report(`${at}/name`, `子表名 ${child.name} 与字段重复`);
    else if (implicit.includes(child.name)) report(`${at}/name`, `子表名 ${child.name} 与系统字段重复`);
    seenChildren.add(child.name);
    if (child.minRows !== undefined && child.maxRows !== undefined && child.minRows > child.maxRows) {
      report(`${at}/minRows`, `最少行数 minRows（${child.minRows}）不能大于最多行数 maxRows（${child.maxRows}）`);
    }
    const owner: FieldOwner = { what: `子表 ${child.name} `, fields: child.fields, names: new Set([...child.fields.map((f) => f.name), ...implicit]), children: [] };
    checkFields(`${at}/fields`, child.fields, owner, model, context, known, isUserRef, report);
  });

  const params = new Set<string>();
  model.filters?.forEach((filter, i) => {
    const at = `/filters/${i}`;
    if (params.has(filter.param)) report(`${at}/param`, `查询参数重复：${filter.param}`);
    params.add(filter.param);
    if (filter.op === 'search') {
      if (!filter.fields?.length) report(`${at}/fields`, 'search 条件应列出可选的字段（fields）');
      filter.fields?.forEach((name, j) => requireField(`${at}/fields/${j}`, '可选字段', name));
    } else if (filter.field !== undefined) requireField(`${at}/field`, '查询条件的字段', filter.field);
    else requireField(`${at}/param`, '查询条件的字段', filter.param);
  });

  if (model.states) {
    const states = model.states;
    const field = fields.get(states.field);
    if (!field) report('/states/field', `状态字段 ${states.field} 不是本模型的字段`);
    else if (field.type !== 'dict') report('/states/field', `状态字段 ${field.name} 应为 dict 类型（现为 ${field.type}）`);
    const dict = field?.type === 'dict' ? field.dict : undefined;
    // A dictionary the model declares itself lists every code; one kept in 字典管理 is only checked by its prefix.
    const declaredCodes = dict !== undefined ? ownCodes.get(dict) : undefined;
    const checkCode = (path: string, code: string) => {
      if (dict !== undefined && (!code.startsWith(dict) || (declaredCodes && !declaredCodes.has(code)))) report(path, `状态 ${code} 不是字典 ${dict} 的代码`);
    };
    const checkCodes = (path: string, codes: string[] | undefined) => {
      const seen = new Set<string>();
      codes?.forEach((code, j) => {
        if (seen.has(code)) report(`${path}/${j}`, `状态重复：${code}`);
        seen.add(code);
        checkCode(`${path}/${j}`, code);
      });
    };
    checkCode('/states/initial', states.initial);
    checkCodes('/states/editableIn', states.editableIn);
    checkCodes('/states/deletableIn', states.deletableIn);
    const transitions = new Set<string>();
    states.transitions.forEach((transition, i) => {
      const at = `/states/transitions/${i}`;
      if (transitions.has(transition.name)) report(`${at}/name`, `流转名重复：${transition.name}`);
      transitions.add(transition.name);
      checkCodes(`${at}/from`, transition.from);
      checkCode(`${at}/to`, transition.to);
      transition.requires?.forEach((name, j) => requireField(`${at}/requires/${j}`, '必填字段', name));
      transition.accepts?.forEach((name, j) => requireField(`${at}/accepts/${j}`, '可填字段', name));
      if (transition.guard !== undefined) checkExpression(`${at}/guard`, transition.guard, fieldOwner, report);
    });
  }

  // Besides fields: each ref's title, an owner-scoped record's dealer name, and what a hook adds (`answers`).
  const aliases = new Set([...model.fields.filter((f) => f.type === 'ref').map(refTitleAlias), ...(model.scope === 'owner' ? ['dealerName'] : []), ...(model.answers ?? []).map((a) => a.name)]);
  model.import?.columns.forEach((column, i) => {
    if (!isField(column.field) && !aliases.has(column.field)) report(`/import/columns/${i}/field`, `导入列的字段 ${column.field} 不是本模型的字段，也不是引用字段的标题`);
  });
  model.import?.key?.forEach((name, i) => requireField(`/import/key/${i}`, '导入键', name));
  model.export?.columns.forEach((column, i) => {
    if (!isField(column.field) && !aliases.has(column.field)) report(`/export/columns/${i}/field`, `导出列的字段 ${column.field} 不是本模型的字段，也不是引用字段的标题`);
  });
  // A spec path of a generated route needs that route to exist (a create the model does not offer has no other path).
  const offered: Record<string, boolean> = {
    list: true,
    get: true,
    create: model.writes?.create !== false,
    update: model.writes?.update !== false,
    delete: model.writes?.delete !== false,
    exportFile: model.export !== undefined,
  };
  model.routes?.forEach((route, i) => {
    if (!offered[route.op]) report(`/routes/${i}/op`, route.op === 'exportFile' ? '模型没有导出定义（export），不能提供导出路径' : `模型不提供${route.op}接口（writes），不能为它另起路径`);
    const params = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    if (params.some((name) => name !== 'id') || (params.length > 0 && !['get', 'update', 'delete'].includes(route.op))) report(`/routes/${i}/path`, '路径参数只能是 get、update、delete 的 :id');
  });
  return problems;
}

/** The fields an expression may read: of the model (with its implicit fields and its children) or of one child. */
interface FieldOwner {
  what: string;
  fields: Field[];
  names: ReadonlySet<string>;
  children: Child[];
}

function checkFields(
  path: string,
  list: Field[],
  owner: FieldOwner,
  model: Model,
  context: ModelCheckContext,
  known: ReadonlyMap<string, Model> | undefined,
  isUserRef: (field: Field | undefined) => boolean,
  report: Report,
): void {
  const implicit = implicitFields(model);
  const seen = new Set<string>();
  list.forEach((field, i) => {
    const at = `${path}/${i}`;
    const type = field.type;
    if (seen.has(field.name)) report(`${at}/name`, `字段名重复：${field.name}`);
    else if (implicit.includes(field.name)) report(`${at}/name`, `字段名 ${field.name} 与系统字段重复（系统提供：${implicit.join('、')}）`);
    seen.add(field.name);

    if (type === 'ref') {
      const ref = field.ref;
      if (!ref) report(`${at}/ref`, 'ref 类型的字段应有 ref（引用的 model 或 table）');
      else if (ref.model !== undefined && ref.table !== undefined) report(`${at}/ref`, '引用不能同时指定 model 和 table');
      else if (ref.model === undefined && ref.table === undefined) report(`${at}/ref`, '引用应指定 model 或 table 之一');
      else if (ref.model !== undefined && known) {
        const target = ref.model === model.name ? model : known.get(ref.model);
        if (!target) report(`${at}/ref/model`, `引用的模型不存在：${ref.model}`);
        else {
          const targetFields = new Set([...target.fields.map((f) => f.name), ...implicitFields(target)]);
          if (ref.key !== undefined && !targetFields.has(ref.key)) report(`${at}/ref/key`, `模型 ${target.name} 没有字段 ${ref.key}`);
          if (ref.title !== undefined && !targetFields.has(ref.title)) report(`${at}/ref/title`, `模型 ${target.name} 没有字段 ${ref.title}`);
        }
      } else if (ref.table !== undefined && context.tables && !context.tables.has(ref.table)) report(`${at}/ref/table`, `引用的基础表不存在：${ref.table}`);
    } else if (field.ref !== undefined) report(`${at}/ref`, '只有 ref 类型的字段可以有 ref');

    if (type === 'dict') {
      if (field.dict === undefined) report(`${at}/dict`, 'dict 类型的字段应有 dict（字典类型）');
      else if (context.dictTypes && !context.dictTypes.has(field.dict)) report(`${at}/dict`, `字典类型不存在：${field.dict}`);
    } else if (field.dict !== undefined) report(`${at}/dict`, '只有 dict 类型的字段可以有 dict');

    if (field.precision !== undefined && field.scale !== undefined && field.scale > field.precision) {
      report(`${at}/scale`, `小数位数 scale（${field.scale}）不能大于精度 precision（${field.precision}）`);
    }
    if (field.length !== undefined && field.minLength !== undefined && field.minLength > field.length) {
      report(`${at}/minLength`, `最小长度 minLength（${field.minLength}）不能大于长度 length（${field.length}）`);
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) report(`${at}/min`, `最小值 min（${field.min}）不能大于最大值 max（${field.max}）`);
    if (field.format !== undefined && !TEXT_TYPES.has(type)) report(`${at}/format`, `format 只用于 string 字段（现为 ${type}）`);
    if (field.upper && !TEXT_TYPES.has(type)) report(`${at}/upper`, `upper 只用于 string 字段（现为 ${type}）`);
    if (field.multiple && NOT_MULTIPLE.has(type)) report(`${at}/multiple`, `multiple 不能用于 ${type} 字段`);
    if (field.unique === 'owner' && model.scope !== 'owner') report(`${at}/unique`, 'unique 为 owner 只用于 scope 为 owner 的模型');

    const defaultValue = (field as { default?: unknown }).default;
    if (defaultValue !== undefined) {
      // A field of several values may default to a list of them, or to one.
      const values = field.multiple && Array.isArray(defaultValue) ? (defaultValue as unknown[]) : [defaultValue];
      const problem = values.map((item) => defaultProblem(field, item, isUserRef(field))).find((p) => p !== undefined);
      if (problem) report(`${at}/default`, problem);
    }
    if (field.compute !== undefined) checkExpression(`${at}/compute`, field.compute, owner, report);

    const seed = field.seed;
    if (typeof seed === 'string') {
      if (STRING_SEEDS.has(seed) && !TEXT_TYPES.has(type)) report(`${at}/seed`, `演示数据 ${seed} 只用于 string 字段（现为 ${type}）`);
      if (seed === 'staff' && !isUserRef(field)) report(`${at}/seed`, '演示数据 staff 只用于引用用户（users）的 ref 字段');
    } else if (seed) {
      if (seed.range) {
        if (!NUMBER_TYPES.has(type)) report(`${at}/seed/range`, `演示数据 range 只用于 int、decimal、money 字段（现为 ${type}）`);
        else if (seed.range[0] > seed.range[1]) report(`${at}/seed/range`, `range 的下限（${seed.range[0]}）不能大于上限（${seed.range[1]}）`);
      }
      if (seed.daysAgo && !DATE_TYPES.has(type)) report(`${at}/seed/daysAgo`, `演示数据 daysAgo 只用于 date、datetime 字段（现为 ${type}）`);
      if (seed.staff !== undefined && !isUserRef(field)) report(`${at}/seed/staff`, '演示数据 staff 只用于引用用户（users）的 ref 字段');
      if (seed.after !== undefined) {
        const base = owner.fields.find((f) => f.name === seed.after);
        if (!seed.range) report(`${at}/seed/after`, '演示数据 after 须与 range 一起使用（取值 = after 字段的值 + range 内的数）');
        else if (!base || !NUMBER_TYPES.has(base.type) || base.name === field.name) report(`${at}/seed/after`, `演示数据 after 应为本表另一个数值字段（现为 ${seed.after}）`);
      }
    }
  });
}

/** Whether a default fits its field: a number, a boolean or text by type; $now, $today and $user.id where they apply. */
function defaultProblem(field: Field, value: unknown, userRef: boolean): string | undefined {
  const type = field.type;
  if (typeof value === 'string' && value.startsWith('$')) {
    if (value === '$now') return DATE_TYPES.has(type) ? undefined : `$now 只用于 date、datetime 字段（现为 ${type}）`;
    if (value === '$today') return type === 'date' ? undefined : `$today 只用于 date 字段（现为 ${type}）`;
    if (value === '$user.id') return userRef ? undefined : '$user.id 只用于引用用户（users）的 ref 字段';
    return `未知的缺省值 ${value}（可用 $now、$today、$user.id）`;
  }
  if (type === 'json') return undefined;
  if (type === 'int') return Number.isInteger(value) ? undefined : '缺省值应为整数（int 字段）';
  if (NUMBER_TYPES.has(type)) return typeof value === 'number' ? undefined : `缺省值应为数字（${type} 字段）`;
  if (type === 'boolean') return typeof value === 'boolean' ? undefined : '缺省值应为 true 或 false（boolean 字段）';
  return typeof value === 'string' ? undefined : `缺省值应为字符串（${type} 字段）`;
}

/** The series' tokens: literal text, {ownerCode}, date tokens, {<date field>|<date token>} and one final {seq:N}. */
function namingSeriesProblem(series: string, model: Model, fields: ReadonlyMap<string, Field>): string | undefined {
  const dateTokens: ReadonlySet<string> = new Set(NAMING_DATE_TOKENS);
  const tokens: { token: string; end: number }[] = [];
  let i = 0;
  while (i < series.length) {
    const ch = series[i]!;
    if (ch === '}') return '编号规则中的花括号不成对';
    if (ch !== '{') {
      i++;
      continue;
    }
    const end = series.indexOf('}', i);
    if (end < 0 || series.slice(i + 1, end).includes('{')) return '编号规则中的花括号不成对';
    tokens.push({ token: series.slice(i + 1, end), end: end + 1 });
    i = end + 1;
  }
  const seqs = tokens.filter((t) => t.token.startsWith('seq:'));
  if (seqs.length !== 1 || seqs[0]!.end !== series.length) return '编号规则应以唯一的一个 {seq:N} 结尾';
  for (const { token } of tokens) {
    if (/^seq:[1-9]$/.test(token) || dateTokens.has(token)) continue;
    if (token === 'ownerCode') {
      if (model.scope !== 'owner') return '{ownerCode} 只用于 scope 为 owner 的模型';
      continue;
    }
    const [name, format, ...rest] = token.split('|');
    if (format !== undefined && rest.length === 0 && name) {
      const field = fields.get(name);
      if (!field || !DATE_TYPES.has(field.type)) return `编号规则 {${token}} 中的 ${name} 不是本模型的 date 或 datetime 字段`;
      if (!dateTokens.has(format)) return `编号规则 {${token}} 中的 ${format} 不是日期格式（可用 ${NAMING_DATE_TOKENS.join('、')}）`;
      continue;
    }
    return `编号规则中未知的占位符 {${token}}（可用 ownerCode、${NAMING_DATE_TOKENS.join('、')}、<日期字段>|<日期格式>、seq:N）`;
  }
  return undefined;
}

/** An expression parses, reads only the owner's fields (and, for the model, its children), and sums fields of a child. */
function checkExpression(path: string, source: string, owner: FieldOwner, report: Report): void {
  let tree: ExpressionNode;
  try {
    tree = parseExpression(source);
  } catch (error) {
    report(path, `表达式有误：${(error as Error).message}`);
    return;
  }
  for (const name of new Set(namesRead(tree))) {
    if (!owner.names.has(name)) report(path, `表达式中的 ${name} 不是${owner.what}的字段`);
  }
  walk(tree, (node) => {
    if (node.kind !== 'call' || node.name !== 'sum') return;
    const [list, field] = node.args;
    const child = list?.kind === 'name' ? owner.children.find((c) => c.name === list.name) : undefined;
    if (child && field?.kind === 'literal' && typeof field.value === 'string' && !child.fields.some((f) => f.name === field.value)) {
      report(path, `表达式中 sum 的 ${field.value} 不是子表 ${child.name} 的字段`);
    }
  });
}

function walk(node: ExpressionNode, visit: (node: ExpressionNode) => void): void {
  visit(node);
  for (const child of childNodes(node)) walk(child, visit);
}
