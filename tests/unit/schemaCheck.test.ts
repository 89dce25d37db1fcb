import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../runtime/form/formModel';
import { widgetRegistry } from '../../runtime/registries/widgets';
import { compileSchemaCheck } from '../../runtime/form/schemaCheck';
import { validateValues } from '../../runtime/form/validation';
import type { Field } from '../../schemas/screen/screen.types';

const FIELDS: Field[] = [
  { fieldName: 'name', label: '姓名', type: 'input', required: true, maxlength: 4, minlength: 2 },
  { fieldName: 'qty', label: '数量', type: 'number', max: 10 },
  { fieldName: 'from|to', label: '金额', type: 'number-range', max: 100 },
  { fieldName: 'kinds', label: '类别', type: 'select', multiple: true, required: true },
  { fieldName: 'day', label: '日期', type: 'exactdate' },
  { fieldName: 'ok', label: '同意', type: 'checkbox', required: true },
  { fieldName: 'p|c', label: '地区', type: 'region' },
  { fieldName: 'slot', label: '时段', type: 'time-select' },
];
const schema = buildFormModel(FIELDS, 'add', widgetRegistry).schema;
const SAMPLES: Record<string, unknown>[] = [
  {},
  { name: '王', qty: 11, 'from|to': [5, 200], kinds: [], day: '2026/07/01', ok: '0', 'p|c': [1, 'x'], slot: '9:00' },
  { name: '王伟伟伟伟', qty: -1, 'from|to': [null, 'x'], kinds: ['a', 'a'], day: '2026-07-01', ok: '1', 'p|c': [true], slot: '09:00' },
  { name: '王伟', qty: 3, 'from|to': [1, 2], kinds: ['a'], day: '2026-07-01', ok: '1', 'p|c': ['110000'], slot: '09:15' },
  { name: 12, qty: '3', 'from|to': 'x', kinds: 'a', ok: 1 },
];

const ajv = customizeValidator();
const summary = (errors: { keyword?: string; name?: string; instancePath?: string; property?: string; params?: unknown }[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath ?? e.property} ${e.keyword ?? e.name} ${JSON.stringify(e.params)}`).sort();

describe('form validation without generated code', () => {
  it('finds the same errors as ajv for every value schema the widgets use', () => {
    const check = compileSchemaCheck(schema);
    for (const sample of SAMPLES) {
      check(sample);
      const { errors } = ajv.rawValidation<{ keyword: string; instancePath: string; params: unknown }>(schema, sample);
      expect(summary(check.errors), JSON.stringify(sample)).toEqual(summary(errors));
    }
  });

  it('refuses a keyword it does not check rather than passing it silently', () => {
    expect(() => compileSchemaCheck({ type: 'object', properties: { url: { type: 'string', format: 'uri' } } })).toThrow('表单校验不支持 JSON Schema 关键字 format');
  });

  it('validates a form while code generation is refused, as under a strict Content-Security-Policy', () => {
    const RealFunction = globalThis.Function;
    const refuse = new Proxy(RealFunction, {
      construct() {
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
      apply() {
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
    });
    const model = buildFormModel([{ fieldName: 'vin', label: 'VIN', type: 'input', required: true, format: 'vin' }, { fieldName: 'n', label: '数量', type: 'number' }], 'add', widgetRegistry);
    globalThis.Function = refuse;
    try {
      expect(validateValues(model, { n: -1 })).toEqual({ vin: 'VIN不能为空', n: '数量应当为 >= 0' });
      expect(validateValues(model, { vin: 'LHSA3B1C0TS000017' })).toEqual({ vin: 'VIN格式不正确（17位，不含I、O、Q，第9位校验位需正确）' });
      // ajv itself cannot compile here: the stand-in refuses as the browser would.
      expect(customizeValidator({ ajvOptionsOverrides: { logger: false } }).rawValidation(model.schema, {}).validationError).toBeInstanceOf(EvalError);
    } finally {
      globalThis.Function = RealFunction;
    }
  });
});
