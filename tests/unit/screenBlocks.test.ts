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
