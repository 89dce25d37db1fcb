import { screen as view, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from '../../runtime/screen/ScreenErrorBoundary';
import { ScreenPage } from '../../runtime/screen/ScreenPage';
import { fakeServer, ok, withHeaders } from './fakeServer';
import { renderInApp } from './renderInApp';

const brokenScreen = {
  id: 'test.broken',
  title: '测试',
  service: 'repair',
  filter: { fields: [{ fieldName: 'roNo', label: '工单号', type: 'inputx' }] },
  table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号' }] },
};

describe('the screen page', () => {
  it('shows an invalid screen as a Chinese error naming each JSON path, never a blank page', async () => {
    fakeServer({ 'GET /api/lowcode/screens/test.broken': ok(brokenScreen) });
    renderInApp(<ScreenPage screenId="test.broken" grantedKeys={[]} />);
    expect(await view.findByText('页面定义有误')).toBeTruthy();
    const problems = view.getByTestId('screen-problems');
    expect(problems.textContent).toContain('/table/columns/0/dataIndex 缺少必填属性');
  });

  it('reports a semantic problem (an unregistered widget) once the schema passes', async () => {
    const schemaValid = { ...brokenScreen, table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] } };
    fakeServer({ 'GET /api/lowcode/screens/test.broken': ok(schemaValid) });
    renderInApp(<ScreenPage screenId="test.broken" grantedKeys={[]} />);
    await waitFor(() => expect(view.getByTestId('screen-problems').textContent).toContain('/filter/fields/0/type 未注册的控件类型：inputx'));
  });

  it('says the screen could not be loaded when the server does not have it', async () => {
    fakeServer({});
    renderInApp(<ScreenPage screenId="no.such" grantedKeys={[]} />);
    expect(await view.findByText('页面定义加载失败')).toBeTruthy();
  });

  it('shows a screen that fails while rendering as an error, not a blank page', async () => {
    const Broken = () => {
      throw new Error('控件出错');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInApp(
      <ScreenErrorBoundary screenId="repair.orders">
        <Broken />
      </ScreenErrorBoundary>,
    );
    // antd's Result loads when first shown (blocks/LazyResult.tsx): the boundary is on 概览's first screen.
    expect(await view.findByText('页面渲染出错')).toBeTruthy();
    expect(view.getByText('repair.orders · 控件出错')).toBeTruthy();
    quiet.mockRestore();
  });
  it('renders a screen opened again at once from the definition at hand, and shows a newer version when the server has one (issue 20)', async () => {
    const screenV1 = { id: 'test.cached', title: '缓存测试', service: 'repair', filter: { fields: [{ fieldName: 'roNo', label: '工单号甲', type: 'input' }] } };
    const screenV2 = { ...screenV1, filter: { fields: [{ fieldName: 'roNo', label: '工单号乙', type: 'input' }] } };
    let answer = withHeaders(ok(screenV1), { etag: '"v1"' });
    const { calls } = fakeServer({ 'GET /api/lowcode/screens/test.cached': () => answer });
    const first = renderInApp(<ScreenPage screenId="test.cached" grantedKeys={[]} />);
    expect(await view.findByText('工单号甲')).toBeTruthy();
    first.unmount();

    // Opened again: the filter bar is there in the first render, before any answer; the server is still asked.
    const again = renderInApp(<ScreenPage screenId="test.cached" grantedKeys={[]} />);
    expect(view.getByText('工单号甲')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/screens/test.cached'))).toHaveLength(2));
    again.unmount();

    // Published meanwhile: shown from the definition at hand, then replaced by the new version.
    answer = withHeaders(ok(screenV2), { etag: '"v2"' });
    renderInApp(<ScreenPage screenId="test.cached" grantedKeys={[]} />);
    expect(view.getByText('工单号甲')).toBeTruthy();
    expect(await view.findByText('工单号乙')).toBeTruthy();
    expect(view.queryByText('工单号甲')).toBeNull();
  });
});
