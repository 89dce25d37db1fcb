import { fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ConditionTable } from '../../runtime/blocks/workflow/ConditionTable';
import type { BranchVariable, ConditionLabels } from '../../schemas/workflow/conditionExpression';
import type { ConditionRow } from '../../schemas/workflow/conditionExpression';
import { createDesignerApi } from '../../runtime/blocks/workflow/designerApi';
import { http } from '../../runtime/http/client';
import { renderInApp } from './renderInApp';

const VARIABLES: BranchVariable[] = [
  { text: '单据金额', value: 'amount-N' },
  { text: '经销商代码', value: 'ownerCode-S' },
  { text: '客户等级', value: 'customerLevel-D' },
  { text: '旧变量', value: 'legacy-X' },
];
const LEVELS = [
  { value: '80311001', text: '普通客户' },
  { value: '80311004', text: '钻石会员' },
];

function renderTable(arrayData?: string) {
  const commits: { rows: ConditionRow[]; labels: ConditionLabels }[] = [];
  const loadDictionary = vi.fn(async (key: string) => (key === 'customerLevel' ? LEVELS : []));
  renderInApp(<ConditionTable arrayData={arrayData} variables={VARIABLES} loadDictionary={loadDictionary} onCommit={(rows, labels) => commits.push({ rows, labels })} />);
  return { commits, loadDictionary };
}

const rowElement = (index: number) => view.getByTestId(`condition-row-${index}`);
const selectOf = (index: number, className: string) => rowElement(index).querySelector(`.${className} input`)!;

async function choose(index: number, className: string, option: string) {
  fireEvent.mouseDown(selectOf(index, className));
  const choice = await waitFor(() => {
    const match = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!match) throw new Error(`option ${option} not shown`);
    return match;
  });
  fireEvent.click(choice);
}

async function shownOptions(index: number, className: string): Promise<string[]> {
  fireEvent.mouseDown(selectOf(index, className));
  return waitFor(() => {
    const dropdowns = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const texts = [...dropdowns.at(-1)!.querySelectorAll('.ant-select-item-option')].map((el) => el.textContent ?? '');
    if (texts.length === 0) throw new Error('no options shown');
    return texts;
  });
}

const button = (name: string, index?: number) => (index === undefined ? view.getByRole('button', { name }) : within(rowElement(index)).getByRole('button', { name }));
const warnings = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('the condition table', () => {
  it('[BB-WF-07] [BB-WF-18] starts empty, and a new row is editable', async () => {
    renderTable();
    expect(view.getByTestId('condition-table').textContent).toContain('暂无条件');
    fireEvent.click(button('新增条件'));
    expect(within(rowElement(0)).getByRole('button', { name: '完成' })).toBeTruthy();
    expect(selectOf(0, 'dms-condition-left').hasAttribute('disabled')).toBe(false);
  });

  it('[BB-WF-33] [BB-WF-32] a dictionary variable loads its dictionary for the value and allows == and !=', async () => {
    const { loadDictionary, commits } = renderTable();
    fireEvent.click(button('新增条件'));
    await choose(0, 'dms-condition-left', '客户等级');
    await waitFor(() => expect(loadDictionary).toHaveBeenCalledWith('customerLevel'));
    expect(await shownOptions(0, 'dms-condition-compare')).toEqual(['==', '!=']);
    await choose(0, 'dms-condition-compare', '==');
    expect(await shownOptions(0, 'dms-condition-right')).toEqual(['普通客户', '钻石会员']);
    await choose(0, 'dms-condition-right', '钻石会员');
    fireEvent.click(button('完成', 0));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0]!.rows).toEqual([{ leftVariable: 'customerLevel-D', compareSymbol: '==', rightVariable: '80311004', relationalSymbol: '', disabled: true }]);
    expect(commits[0]!.labels.value(commits[0]!.rows[0]!)).toBe('钻石会员');
  });

  it('[BB-WF-34] alerts 错误 for a variable whose suffix is not N, S or D', async () => {
    renderTable();
    fireEvent.click(button('新增条件'));
    await choose(0, 'dms-condition-left', '旧变量');
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('错误'));
    expect(document.querySelector('.ant-modal-confirm-content')!.textContent).toContain('旧变量');
  });

  it('[BB-WF-35] [BB-WF-36] [BB-WF-37] [BB-WF-39] says 请选择 under what is missing, and warns 请完整填写分支条件 on 完成', async () => {
    const { commits } = renderTable();
    fireEvent.click(button('新增条件'));
    expect(rowElement(0).querySelectorAll('.dms-field-error')).toHaveLength(0);
    await choose(0, 'dms-condition-left', '单据金额');
    fireEvent.click(button('完成', 0));
    await waitFor(() => expect(warnings()).toContain('请完整填写分支条件'));
    expect([...rowElement(0).querySelectorAll('.dms-field-error')].map((e) => e.textContent)).toEqual(['请选择', '请选择']);
    expect(commits).toHaveLength(0);
  });

  it('[BB-WF-40] [BB-WF-41] warns 请填写分支条件 when adding under an unfilled row', async () => {
    renderTable();
    fireEvent.click(button('新增条件'));
    fireEvent.click(button('新增条件'));
    await waitFor(() => expect(warnings()).toContain('请填写分支条件'));
    expect(view.queryByTestId('condition-row-1')).toBeNull();
  });

  it('[BB-WF-19] [BB-WF-20] [BB-WF-21] [BB-WF-23] [BB-WF-24] shows stored rows locked; 编辑, 取消 and 删除 work on them', async () => {
    const stored: ConditionRow[] = [
      { leftVariable: 'amount-N', compareSymbol: '>', rightVariable: '5000', relationalSymbol: '', disabled: true },
      { leftVariable: 'ownerCode-S', compareSymbol: '==', rightVariable: 'D11001', relationalSymbol: '||', disabled: true },
    ];
    const { commits } = renderTable(JSON.stringify(stored));
    expect(selectOf(1, 'dms-condition-left').hasAttribute('disabled')).toBe(true);
    fireEvent.click(button('编辑', 1));
    const right = rowElement(1).querySelector('input.dms-condition-right') as HTMLInputElement;
    fireEvent.change(right, { target: { value: 'D31001' } });
    expect(rowElement(1).textContent).toContain('请选择');
    fireEvent.click(button('取消', 1));
    expect((rowElement(1).querySelector('input.dms-condition-right') as HTMLInputElement).value).toBe('D11001');
    expect(within(rowElement(1)).getByRole('button', { name: '编辑' })).toBeTruthy();
    fireEvent.click(button('删除', 0));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0]!.rows).toEqual([{ ...stored[1], relationalSymbol: '' }]);
    expect(view.queryByTestId('condition-row-1')).toBeNull();
    expect(rowElement(0).querySelector('.dms-condition-relational')).toBeNull();
  });
});

describe('the designer calls', () => {
  const envelope = (data: unknown) => ({ resultCode: 200, code: 200, data, errMsg: '' });
  // Answers the app's one http client, so the lookups run through its signing and error catalogue for real.
  const answer = (handler: (url: string) => { status: number; data: unknown }): AxiosAdapter =>
    async (config) => {
      const { status, data } = handler(config.url ?? '');
      const response = { data, status, statusText: status >= 400 ? 'Error' : 'OK', headers: {}, config };
      if (status >= 400) throw new AxiosError(`HTTP ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
      return response;
    };

  it('[BB-WF-50] [BB-WF-52] [BB-WF-53] asks the process service for roles, variables and dictionaries', async () => {
    const urls: string[] = [];
    http.defaults.adapter = answer((url) => {
      urls.push(url);
      if (url.includes('/roles/')) return { status: 200, data: envelope([{ value: 'SHR', text: '审核人' }]) };
      if (url.includes('/variables/')) return { status: 200, data: envelope([{ text: '单据金额', value: 'amount-N' }]) };
      return { status: 200, data: envelope(LEVELS) };
    });
    const api = createDesignerApi('workflow');
    expect(await api.roles('repairDiscountApproval')).toEqual([{ value: 'SHR', text: '审核人' }]);
    expect(await api.variables('repairDiscountApproval')).toEqual([{ text: '单据金额', value: 'amount-N' }]);
    expect(await api.dictionary('customerLevel')).toEqual(LEVELS);
    expect(urls).toEqual([
      '/api/workflow/definition/roles/repairDiscountApproval',
      '/api/workflow/definition/variables/repairDiscountApproval',
      '/api/workflow/definition/dictionary/customerLevel',
    ]);
  });

  it('[BB-WF-54] swallows failed lookups silently: no choices, no notice', async () => {
    renderInApp(<div />);
    const api = createDesignerApi('workflow');
    http.defaults.adapter = answer(() => ({ status: 200, data: { resultCode: 500, errMsg: '系统出错，联系管理员', data: null } }));
    expect(await api.roles('repairDiscountApproval')).toEqual([]);
    http.defaults.adapter = answer(() => ({ status: 502, data: 'Bad Gateway' }));
    expect(await api.variables('repairDiscountApproval')).toEqual([]);
    http.defaults.adapter = answer(() => ({ status: 200, data: envelope({ not: 'a list' }) }));
    expect(await api.dictionary('customerLevel')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
