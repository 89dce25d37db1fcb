// Checks report definitions (reports/<area>/<name>.json): first against schemas/report.schema.json, then against the
// models they read: the model exists and keeps dealer data (a report is cut by the owner scope), the period field is a
// date (or a month), field dimensions and summed fields are fields of the model, names are unique, a measure read from
// another report names a report and a measure it has, with the same kind of dimension under each shared name, and a rate
// divides two measures of its own report. Problems name the file and a JSON pointer, in Chinese, as the model check does
// (../model/modelChecks.ts).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import reportSchema from '../report.schema.json' with { type: 'json' };
import { schemaProblems, type ModelProblem } from '../model/modelChecks';
import type { Field, Model } from '../model/model.types';
import type { Report } from './report.types';

export { reportSchema };
export type ReportProblem = ModelProblem;

const NUMERIC: ReadonlySet<Field['type']> = new Set(['int', 'decimal', 'money']);
const DATED: ReadonlySet<Field['type']> = new Set(['date', 'datetime', 'month']);
/** Columns every owner-scoped model has without declaring them. */
const IMPLICIT: Record<string, Field['type']> = { createdAt: 'datetime', updatedAt: 'datetime', ownerCode: 'string' };

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(reportSchema);
  return compiled;
}

/** The type of a model's field or implicit column, undefined when the model has neither. */
export function reportFieldType(model: Model, name: string): Field['type'] | undefined {
  return model.fields.find((f) => f.name === name)?.type ?? IMPLICIT[name];
}

function semanticProblems(report: Report, model: Model | undefined): { path: string; message: string }[] {
  if (!model) return [{ path: '/model', message: `模型 ${report.model} 不存在` }];
  const problems: { path: string; message: string }[] = [];
  if (model.scope !== 'owner') problems.push({ path: '/model', message: `模型 ${report.model} 不是经销商数据（scope 应为 owner），报表无法按数据范围取数` });
  const dateType = reportFieldType(model, report.dateField);
  if (!dateType || !DATED.has(dateType)) problems.push({ path: '/dateField', message: `期间字段 ${report.dateField} 不是模型的日期、日期时间或月份字段` });
  if (dateType === 'month') {
    report.dimensions.forEach((d, i) => {
      if (d.kind === 'day' || d.kind === 'ageBand') problems.push({ path: `/dimensions/${i}/kind`, message: `期间字段 ${report.dateField} 只有月份，不能按${d.kind === 'day' ? '日期' : '账龄'}分组` });
    });
    if (report.rollup) problems.push({ path: '/rollup', message: `期间字段 ${report.dateField} 只有月份，不能汇总` });
  }
  const seen = new Set<string>();
  const unique = (path: string, name: string) => {
    if (seen.has(name)) problems.push({ path, message: `名称 ${name} 重复` });
    seen.add(name);
  };
  const filters = new Set((model.filters ?? []).map((f) => f.param));
  report.dimensions.forEach((d, i) => {
    unique(`/dimensions/${i}/name`, d.name);
    if (d.kind === 'field' && d.field && !reportFieldType(model, d.field)) problems.push({ path: `/dimensions/${i}/field`, message: `字段 ${d.field} 不是模型 ${model.name} 的字段` });
    if (d.filter && !filters.has(d.filter)) problems.push({ path: `/dimensions/${i}/filter`, message: `筛选参数 ${d.filter} 不在模型 ${model.name} 的 filters 中` });
    if (d.kind === 'ageBand' && d.bands && d.bands.some((days, n) => n > 0 && days <= d.bands![n - 1]!)) problems.push({ path: `/dimensions/${i}/bands`, message: '账龄区段的天数应升序排列' });
  });
  (report.rollup?.by ?? []).forEach((field, i) => {
    const type = reportFieldType(model, field);
    const multiple = model.fields.find((f) => f.name === field)?.multiple === true;
    if (!type || type === 'json' || multiple) problems.push({ path: `/rollup/by/${i}`, message: `字段 ${field} 不是模型 ${model.name} 可汇总的单值字段` });
  });
  report.measures.forEach((m, i) => {
    unique(`/measures/${i}/name`, m.name);
    if (m.op === 'count' || !m.field) return;
    const type = reportFieldType(model, m.field);
    if (!type || !NUMERIC.has(type)) problems.push({ path: `/measures/${i}/field`, message: `字段 ${m.field} 不是模型 ${model.name} 的数值字段` });
    const overType = m.op === 'ratio' && m.over ? reportFieldType(model, m.over) : undefined;
    if (m.op === 'ratio' && (!overType || !NUMERIC.has(overType))) problems.push({ path: `/measures/${i}/over`, message: `字段 ${m.over ?? ''} 不是模型 ${model.name} 的数值字段` });
  });
  return problems;
}

const DERIVED: ReadonlySet<string> = new Set(['report', 'rate']);

/** The measures read from other reports and the rates: against the other reports and the report's own measures. */
function derivedProblems(report: Report, reports: readonly Report[]): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  report.measures.forEach((m, i) => {
    if (m.op === 'report') {
      const other = reports.find((r) => r.name === m.report);
      if (!other) return problems.push({ path: `/measures/${i}/report`, message: `没有此报表：${m.report ?? ''}` });
      if (other.name === report.name) return problems.push({ path: `/measures/${i}/report`, message: '指标不能取自本报表' });
      const source = other.measures.find((o) => o.name === m.measure);
      if (!source || DERIVED.has(source.op)) return problems.push({ path: `/measures/${i}/measure`, message: `报表 ${other.name} 没有可取的指标 ${m.measure ?? ''}（可用：${other.measures.filter((o) => !DERIVED.has(o.op)).map((o) => o.name).join('、')}）` });
      report.dimensions.forEach((d, j) => {
        const theirs = other.dimensions.find((o) => o.name === d.name);
        if (theirs && theirs.kind !== d.kind) problems.push({ path: `/dimensions/${j}/kind`, message: `维度 ${d.name} 在报表 ${other.name} 中是 ${theirs.kind}，指标 ${m.name} 按它取数须为同一类` });
      });
    }
    if (m.op === 'rate') {
      for (const side of ['of', 'over'] as const) {
        const name = m[side];
        const found = report.measures.find((o) => o.name === name);
        if (!found || found.op === 'rate') problems.push({ path: `/measures/${i}/${side}`, message: `${name ?? ''} 不是本报表的指标（比率不能再取比率）` });
      }
    }
    return undefined;
  });
  return problems;
}

/** Every report: schema, then semantics against the models; report names unique across the files. */
export function checkReports(reports: { file: string; value: unknown }[], models: readonly Model[]): ReportProblem[] {
  const problems: ReportProblem[] = [];
  const names = new Map<string, string>();
  for (const { file, value } of reports) {
    const validate = validator();
    if (!validate(value)) {
      problems.push(...schemaProblems(validate.errors ?? []).map((p) => ({ file, ...p })));
      continue;
    }
    const report = value as Report;
    const owner = names.get(report.name);
    if (owner !== undefined) problems.push({ file, path: '/name', message: `报表名 ${report.name} 与 ${owner} 重复` });
    names.set(report.name, file);
    problems.push(...semanticProblems(report, models.find((m) => m.name === report.model)).map((p) => ({ file, ...p })));
  }
  const valid = reports.filter(({ value }) => validator()(value));
  const all = valid.map(({ value }) => value as Report);
  for (const { file, value } of valid) problems.push(...derivedProblems(value as Report, all).map((p) => ({ file, ...p })));
  return problems;
}
