// 页面管理's 新建页面 starts from a model (issue 21): pick a published model, get its default screen, saved as version 1.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ScreenListPage from '../../editor/ScreenListPage';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

const INSURANCE = JSON.parse(readFileSync('tests/fixtures/configurator/vehicleInsurance.json', 'utf8')) as unknown;

describe('a new screen from a model', () => {
  it('[issue21] lists the published models, and saves the picked model\'s default screen', async () => {
    const { calls } = fakeServer({
      'GET /api/lowcode/designer/screens': ok([]),
      'GET /api/lowcode/designer/models': ok([
        { name: 'vehicleInsurance', title: '车辆保险', area: 'custom', latestVersion: 2, publishedVersion: 2, publishedAt: null, updatedAt: '', fileConflict: false },
        { name: 'draftOnly', title: '草稿模型', area: 'custom', latestVersion: 1, publishedVersion: null, publishedAt: null, updatedAt: '', fileConflict: false },
      ]),
      'GET /api/lowcode/designer/models/vehicleInsurance': ok(INSURANCE),
      'POST /api/lowcode/designer/screens': ok({ id: 'custom.vehicleInsurances', version: 1 }),
    });
    renderInApp(
      <MemoryRouter>
        <ScreenListPage />
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '新建页面' })));
    expect(await screen.findByText('由模型生成（列表、筛选、新增编辑、状态操作、导入导出）')).toBeTruthy();
    const picker = await screen.findByRole('combobox', { name: '模型' });
    await act(async () => fireEvent.mouseDown(picker));
    // Only published models can start a screen (their routes are served).
    expect(screen.queryByText('草稿模型（draftOnly）')).toBeNull();
    await act(async () => fireEvent.click(await screen.findByText('车辆保险（vehicleInsurance）')));
    expect((screen.getByRole('textbox', { name: '页面标识' }) as HTMLInputElement).value).toBe('custom.vehicleInsurances');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST')!;
    expect(calls.find((c) => c.url === '/api/lowcode/designer/models/vehicleInsurance')!.params).toEqual({ version: 2 });
    const { definition, comment } = saved.data as { definition: Screen; comment: string };
    expect(comment).toBe('由模型 车辆保险（版本 2）生成');
    expect(definition).toMatchObject({ id: 'custom.vehicleInsurances', title: '车辆保险', table: { api: 'repair:GET vehicleInsurances' } });
    expect(definition.rowActions!.map((a) => a.label)).toEqual(['查看', '编辑', '生效', '退保', '删除']);
  });
});
