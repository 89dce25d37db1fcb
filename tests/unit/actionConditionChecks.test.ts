// Issue 22: a button's disabled condition and reason, and a record page tab's visible and disabled conditions, as the
// one screen check sees them: parse errors, and names the place's scope does not have, in Chinese at the JSON path.
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import { checkScreen, type ScreenCheckContext } from '../../schemas/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const context: ScreenCheckContext = { services: new Set(Object.keys(runtimeConfig.services)) };
const problemsOf = (screen: Record<string, unknown>) => {
  const result = checkScreen({ id: 'test.actionConditions', title: '测试', service: 'repair', table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] }, ...screen }, validate, context);
  return result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`);
};
const button = (extra: Record<string, unknown>) => ({ label: '结算', action: { type: 'reload' }, ...extra });
const record = (tabs: unknown[], actions?: unknown[]) => ({
  record: { model: 'repairOrder', load: 'repair:GET order/repair/orders/{id}', titleField: 'roNo', tabs, ...(actions ? { actions } : {}) },
});
const fieldsTab = (extra: Record<string, unknown>) => ({ type: 'fields', title: '结算信息', fields: [{ fieldName: 'settledAmount', label: '结算金额', type: 'input' }], ...extra });

describe('a button’s disabled condition in the screen check (issue 22)', () => {
  it('accepts what each place may read: the selection in the toolbar, the row in a row action and in a record page’s header, the screen’s context everywhere', () => {
    expect(
      problemsOf({
        toolbar: [button({ disabled: "len(selection) == 0 || user.orgType == '10461003'", disabledReason: '已选 ${len(selection)} 条' })],
        rowActions: [button({ disabled: "row.status != '80211003' && params.dealer == null", disabledReason: '工单 ${row.roNo} 未完工' })],
        ...record([fieldsTab({})], [button({ disabled: "row.status != '80211004'" })]),
      }),
    ).toEqual([]);
  });

  it('refuses a condition that does not parse, names its place lacks, a reason whose template does not parse, and a reason without a condition', () => {
    expect(
      problemsOf({
        toolbar: [button({ disabled: 'row.status == ' }), button({ label: '导出', disabled: "row.status == '1'" })],
        rowActions: [button({ disabled: 'len(selection) > 0', disabledReason: '工单 ${row.roNo' }), button({ label: '删除', disabledReason: '不能删除' })],
        ...record([fieldsTab({})], [button({ disabled: "record.status != '80211004'", disabledReason: '${form.x}' })]),
      }),
    ).toEqual([
      expect.stringMatching(/^\/toolbar\/0\/disabled 表达式有误：/),
      '/toolbar/1/disabled 表达式只能读取 selection、filter、user、params，不能读取：row',
      '/rowActions/0/disabled 表达式只能读取 row、filter、user、params，不能读取：selection',
      expect.stringMatching(/^\/rowActions\/0\/disabledReason 文字模板有误：/),
      '/rowActions/1/disabledReason disabledReason 须与 disabled（禁用条件）一起使用',
      '/record/actions/0/disabled 表达式只能读取 row、filter、user、params，不能读取：record',
      '/record/actions/0/disabledReason 表达式只能读取 row、filter、user、params，不能读取：form',
    ]);
  });

  it('refuses a disabled condition that is not an expression string', () => {
    expect(problemsOf({ toolbar: [button({ disabled: true })] })).toEqual(['/toolbar/0/disabled 应当是 string 类型']);
  });
});

describe('a record page tab’s conditions in the screen check (issue 22)', () => {
  it('accepts conditions on the record, the user and the page’s parameters', () => {
    expect(problemsOf(record([fieldsTab({ visible: "record.status in ['80211003', '80211004'] || params.all != null", disabled: "user.orgType == '10461003'" })]))).toEqual([]);
  });

  it('refuses a condition that does not parse and one that reads what a record page does not have (a row, a filter)', () => {
    expect(problemsOf(record([fieldsTab({ visible: 'record.status ==' }), fieldsTab({ title: '检验', visible: "row.status == '1'", disabled: "filter.status != '1'" })]))).toEqual([
      expect.stringMatching(/^\/record\/tabs\/0\/visible 表达式有误：/),
      '/record/tabs/1/visible 表达式只能读取 record、user、params，不能读取：row',
      '/record/tabs/1/disabled 表达式只能读取 record、user、params，不能读取：filter',
    ]);
  });
});
