// The record part of a screen (issue 22), checked where it is written: schema first, then what the schema cannot say,
// each problem in Chinese at its JSON path.
import { describe, expect, it } from 'vitest';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';
import { checkScreen } from '../../schemas/screen/screenChecks';

const validate = createScreenAjv().compile(screenSchema);
const context = { services: new Set(['repair']) };
const screen = (record: unknown) => ({ id: 'test.orders', title: '维修工单', service: 'repair', record });
const record = (tabs: unknown[], extra: object = {}) => ({ model: 'repairOrder', load: 'repair:GET order/repair/orders/{id}', titleField: 'roNo', tabs, ...extra });
const problems = (value: unknown) => {
  const result = checkScreen(value, validate, context);
  return result.ok ? [] : result.problems;
};

describe('the record part of a screen', () => {
  it('passes a record page with every kind of tab', () => {
    const lines = { fieldName: 'labourLines', label: '工时明细', type: 'child-lines', lines: { columns: [{ name: 'hours', title: '工时', type: 'number' }] } };
    expect(
      problems(
        screen(
          record([
            { type: 'fields', title: '基本信息', fields: [{ fieldName: 'vin', label: 'VIN', type: 'input' }] },
            { type: 'lines', title: '工时明细', lines },
            { type: 'related', title: '该车工单', screen: 'repair.orders', params: { vin: 'record.vin' } },
            { type: 'attachments', title: '附件', files: ['photos'] },
            { type: 'audit', title: '操作历史' },
            { type: 'process', title: '审批历史' },
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it('names what a tab lacks, at its path', () => {
    expect(problems(screen(record([{ type: 'related', title: '相关' }])))).toEqual(
      expect.arrayContaining([
        { path: '/record/tabs/0/screen', message: '缺少必填属性' },
        { path: '/record/tabs/0/params', message: '缺少必填属性' },
      ]),
    );
    expect(problems(screen(record([{ type: 'lines', title: '明细' }])))).toContainEqual({ path: '/record/tabs/0/lines', message: '缺少必填属性' });
    expect(problems(screen(record([{ type: 'notes', title: '备注' }])))[0]!.path).toBe('/record/tabs/0/type');
  });

  it('refuses a lines tab that is not child lines, a repeated title, a bad expression, a load without {id}, an unknown service', () => {
    const found = problems(
      screen(
        record(
          [
            { type: 'lines', title: '明细', lines: { fieldName: 'remark', label: '备注', type: 'input' } },
            { type: 'related', title: '明细', screen: 'repair.orders', params: { vin: 'record.vin +' } },
          ],
          { load: 'parts:GET order/repair/orders' },
        ),
      ),
    );
    expect(found.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/record/load', '/record/tabs/0/lines/type', '/record/tabs/1/title', '/record/tabs/1/params/vin']),
    );
    expect(found.find((p) => p.path === '/record/tabs/1/title')!.message).toBe('标签页标题重复：明细');
    expect(found.some((p) => p.message === '读取记录的接口须含 {id}（记录主键）')).toBe(true);
    expect(found.some((p) => p.message === '未注册的服务：parts')).toBe(true);
  });

  it('checks the header buttons as any buttons: a permission name must be declared', () => {
    expect(problems(screen(record([{ type: 'audit', title: '历史' }], { actions: [{ label: '打印', permission: 'print', action: { type: 'reload' } }] })))).toContainEqual({
      path: '/record/actions/0/permission',
      message: '权限名称未在 permissions 中定义：print',
    });
  });
});
