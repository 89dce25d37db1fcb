// Issue 22: a column's link (record page or another screen with values of the row) and the visible/disabled conditions
// of columns, blocks and tabs, as the one screen check sees them: problems in Chinese at the JSON path.
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import { checkScreen, type ScreenCheckContext } from '../../schemas/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const context: ScreenCheckContext = { services: new Set(Object.keys(runtimeConfig.services)), screenIds: new Set(['repair.orders', 'vehicle.list']) };
const problemsOf = (screen: Record<string, unknown>, given = context) => {
  const result = checkScreen({ id: 'test.links', title: '测试', service: 'repair', ...screen }, validate, given);
  return result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`);
};
const table = (columns: unknown[], extra: Record<string, unknown> = {}) => ({ table: { api: 'repair:GET order/repair/orders', columns, ...extra } });

describe('cell links in the screen check (issue 22)', () => {
  it('accepts a record link, a record link to another screen by a column, and a screen link with values of columns or the row key', () => {
    expect(
      problemsOf(
        table(
          [
            { title: '工单号', dataIndex: 'roNo', link: { record: true } },
            { title: 'VIN', dataIndex: 'vin', link: { screen: 'vehicle.list', params: { vin: 'vin', orderId: 'orderId' } } },
            { title: '车辆', dataIndex: 'vehicleId', link: { record: true, screen: 'vehicle.list', idField: 'vehicleId' } },
          ],
          { rowKey: 'orderId' },
        ),
      ),
    ).toEqual([]);
  });

  it('refuses an unknown target screen, params and an id field that name no column, a link with no target, and an editable link', () => {
    expect(
      problemsOf(
        table([
          { title: 'VIN', dataIndex: 'vin', link: { screen: 'vehicle.nowhere', params: { vin: 'vim' } } },
          { title: '工单号', dataIndex: 'roNo', link: { record: true, idField: 'orderNo' } },
          { title: '车牌', dataIndex: 'plate', link: {} },
          { title: '备注', dataIndex: 'remark', editable: true, link: { record: true } },
          { title: '状态', dataIndex: 'status', link: { record: true, params: { status: 'status' } } },
        ]),
      ),
    ).toEqual([
      '/table/columns/0/link/screen 链接的目标页面不存在：vehicle.nowhere',
      '/table/columns/0/link/params/vin 链接参数取值的字段不是本表的列或 rowKey：vim',
      '/table/columns/1/link/idField 链接的记录 ID 字段不是本表的列或 rowKey：orderNo',
      '/table/columns/2/link 链接须设置 "record": true（打开记录页）或 screen（打开的页面）',
      '/table/columns/3/link 可编辑的列不能带链接（单击单元格进入编辑）',
      '/table/columns/4/link/params 记录页链接按行的 ID 打开，不带 params',
    ]);
  });

  it('leaves the target screen unchecked where the check knows no screens (the runtime rendering a stored screen)', () => {
    expect(problemsOf(table([{ title: 'VIN', dataIndex: 'vin', link: { screen: 'vehicle.nowhere' } }]), { services: context.services })).toEqual([]);
  });

  it('refuses a link property the schema does not know', () => {
    expect(problemsOf(table([{ title: 'VIN', dataIndex: 'vin', link: { record: true, target: '_blank' } }]))).toEqual(['/table/columns/0/link/target 不允许的属性（请检查拼写）']);
  });
});

describe('visible and disabled conditions of columns, blocks and tabs in the screen check (issue 22)', () => {
  it('accepts conditions over the filter, the user and the parameters', () => {
    expect(
      problemsOf({
        ...table([{ title: '金额', dataIndex: 'amount', visible: "user.dataType == '10461003' && filter.status != '80211003'" }]),
        blocks: [
          { type: 'tabs', visible: 'params.vin != null', tabs: [{ title: '工单', visible: 'len(filter.vin) > 0', disabled: "user.orgType == '10461001'", blocks: [] }] },
        ],
      }),
    ).toEqual([]);
  });

  it('reports parse errors and names other than filter, user and params at the JSON path, in Chinese', () => {
    const problems = problemsOf({
      ...table([{ title: '金额', dataIndex: 'amount', visible: 'row.amount > 0' }]),
      blocks: [{ type: 'tabs', visible: 'filter.vin ==', tabs: [{ title: '工单', visible: 'form.vin', disabled: '(user', blocks: [{ type: 'tabs', visible: 'mode', tabs: [{ title: '内', blocks: [] }] }] }] }],
    });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      '/table/columns/0/visible',
      '/blocks/0/visible',
      '/blocks/0/tabs/0/visible',
      '/blocks/0/tabs/0/disabled',
      '/blocks/0/tabs/0/blocks/0/visible',
    ]);
    expect(problems[0]).toBe('/table/columns/0/visible 表达式只能读取 filter、user、params，不能读取：row');
    expect(problems[1]).toMatch(/^\/blocks\/0\/visible 表达式有误：/);
    expect(problems[3]).toMatch(/^\/blocks\/0\/tabs\/0\/disabled 表达式有误：/);
    expect(problems[4]).toBe('/blocks/0/tabs/0/blocks/0/visible 表达式只能读取 filter、user、params，不能读取：mode');
  });
});
