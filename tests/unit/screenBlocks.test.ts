import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScreenFile } from '../../scripts/screenFiles';
import runtimeConfig from '../../runtime/public/config.json';
import { checkScreen } from '../../schemas/screen/screenChecks';
import { BLOCK_TYPES } from '../../schemas/screen/typeNames';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const context = { services: new Set(Object.keys(runtimeConfig.services)) };
const screenWith = (blocks: unknown[], extra: object = {}) => ({ id: 'test.blocks', title: '区块', service: 'workflow', blocks, ...extra });

describe('layout blocks in the screen contract', () => {
  it('the process definition screen places the workflow designer and passes every check', () => {
    expect(checkScreenFile('screens/workflow/processDefinitions.json')).toEqual([]);
    const screen = JSON.parse(readFileSync('screens/workflow/processDefinitions.json', 'utf8')) as { blocks: { type: string }[] };
    expect(screen.blocks.map((b) => b.type)).toEqual(['workflow-designer']);
  });

  it('resolves a block type through the block registry: an unknown one is reported with its JSON path', () => {
    expect(BLOCK_TYPES).toContain('workflow-designer');
    expect(checkScreen(screenWith([{ type: 'workflow-designer' }, { type: 'org-chart' }]), validate, context)).toEqual({
      ok: false,
      stage: 'semantic',
      problems: [{ path: '/blocks/1/type', message: '未注册的区块类型：org-chart' }],
    });
  });

  it('checks a block permission against the screen permissions and its service against the service registry', () => {
    const result = checkScreen(screenWith([{ type: 'workflow-designer', permission: 'save', service: 'billing' }]), validate, context);
    expect(result).toEqual({
      ok: false,
      stage: 'semantic',
      problems: [
        { path: '/blocks/0/service', message: '未注册的服务：billing' },
        { path: '/blocks/0/permission', message: '权限名称未在 permissions 中定义：save' },
      ],
    });
    const granted = screenWith([{ type: 'workflow-designer', permission: 'save', processId: 'repairDiscountApproval', height: 500 }], { permissions: { save: 'POST_workflow_definition/save' } });
    expect(checkScreen(granted, validate, context)).toMatchObject({ ok: true });
  });

  it('refuses what the schema does not describe: a misspelt property, a block without type, a process id that is not an XML name', () => {
    const problems = (blocks: unknown[]) => (checkScreen(screenWith(blocks), validate, context) as { problems: { path: string }[] }).problems.map((p) => p.path);
    expect(problems([{ type: 'workflow-designer', hieght: 500 }])).toEqual(['/blocks/0/hieght']);
    expect(problems([{ title: '流程' }])).toEqual(['/blocks/0/type']);
    expect(problems([{ type: 'workflow-designer', processId: '1 bad' }])).toEqual(['/blocks/0/processId']);
  });
});

describe('the overview blocks in the screen contract (概览, issue 22)', () => {
  const problemsOf = (blocks: unknown[]) => {
    const result = checkScreen(screenWith(blocks, { service: 'repair' }), validate, context);
    return result.ok ? [] : result.problems;
  };

  it('概览’s screen passes every check', () => {
    expect(checkScreenFile('screens/home/overview.json')).toEqual([]);
    const screen = JSON.parse(readFileSync('screens/home/overview.json', 'utf8')) as { blocks: { type: string; title?: string; visible?: string }[] };
    expect(screen.blocks.map((b) => b.type)).toEqual(['welcome', 'figures', 'figures', 'figures', 'bars', 'figures', 'bars', 'list', 'menus', 'menus']);
    // What each position sees first is said by the blocks' visible conditions, over the user's positions, roles and
    // organisation type (issue 27: the consultant's, the finance clerk's, the region manager's and the workshop's own).
    expect(screen.blocks.filter((b) => b.visible?.includes('user.')).map((b) => b.title)).toEqual(['我的销售', '财务概况', '区域概况', '本月各经销商销售订单', '车间概况', '近 7 日开单', '维修提醒']);
  });

  it('says which property each overview block lacks', () => {
    expect(problemsOf([{ type: 'welcome' }, { type: 'figures' }, { type: 'bars', api: 'repair:GET x' }, { type: 'list' }, { type: 'menus' }])).toEqual([
      { path: '/blocks/0/text', message: 'welcome 区块须有 text 或 facts' },
      { path: '/blocks/1/api', message: 'figures 区块须有 api' },
      { path: '/blocks/1/figures', message: 'figures 区块须有 figures' },
      { path: '/blocks/2/xField', message: 'bars 区块须有 xField' },
      { path: '/blocks/2/series', message: 'bars 区块须有 series' },
      { path: '/blocks/3/lists', message: 'list 区块须有 lists' },
      { path: '/blocks/3/line', message: 'list 区块须有 line' },
      { path: '/blocks/4/menus', message: 'menus 区块须有 menus' },
    ]);
  });

  it('checks what the templates read, that lists are read with GET, that bars draw one series, and the span', () => {
    const series = [{ field: 'a', name: 'A' }, { field: 'b', name: 'B' }];
    expect(
      problemsOf([
        { type: 'welcome', text: '您好，${row.name}', facts: [{ label: '工号', value: '${user.employeeNo' }] },
        { type: 'bars', api: 'repair:GET x', xField: 'day', series },
        { type: 'list', lists: [{ title: '提醒（${count}）', api: 'repair:POST reminders' }], line: [{ field: 'plateNo' }], detail: '${dueDate} ${content}' },
      ]),
    ).toEqual([
      { path: '/blocks/0/text', message: '文字模板只能读取 filter、user、params，不能读取：row' },
      { path: '/blocks/0/facts/0/value', message: expect.stringContaining('文字模板有误') },
      { path: '/blocks/1/series', message: 'bars 区块只画一个系列' },
      { path: '/blocks/2/lists/0/api', message: '列表接口须为 GET：repair:POST reminders' },
      { path: '/blocks/2/lists/0/title', message: '文字模板只能读取 total，不能读取：count' },
    ]);
    expect(problemsOf([{ type: 'menus', menus: 'all', span: 25 }]).map((p) => p.path)).toEqual(['/blocks/0/span']);
    expect(problemsOf([{ type: 'menus', menus: 'some' }]).map((p) => p.path)).toEqual(['/blocks/0/menus']);
  });

  it('checks every api of a list block against the server’s routes', () => {
    const server = { routeKeys: new Set(['GET_repair_vehicleHealthCheckSAReminder/selectSAReminder']), dictTypes: new Set<string>() };
    const block = { type: 'list', lists: [{ title: '提醒', api: 'repair:GET vehicleHealthCheckSAReminder/selectSAReminder' }], line: [{ field: 'plateNo' }], itemAction: { label: '标记已读', api: 'repair:PUT reminders/{id}/read' } };
    const result = checkScreen(screenWith([block], { service: 'repair' }), validate, { ...context, server });
    expect(result).toMatchObject({ ok: false, problems: [{ path: '/blocks/0/itemAction/api', message: '服务器没有此接口：repair:PUT reminders/{id}/read' }] });
  });
});
