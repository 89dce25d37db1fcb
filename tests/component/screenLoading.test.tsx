// What a menu click waits for (issue 20: menu click to rows in 200 ms): the first page leaves while the screen renders,
// one request however often React starts that render, and the menu's screens are fetched and checked before a click.
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScreenPage } from '../../runtime/app/screenInterpreter';
import { MenuPage } from '../../runtime/app/pages/MenuPage';
import { checkedDefinition, prepareMenuScreens } from '../../runtime/screen/checkedDefinitions';
import { knownDefinition } from '../../runtime/screen/screenDefinitions';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { ScreenView } from '../../runtime/screen/ScreenView';
import { validateScreen } from '../../runtime/screen/validateScreen';
import type { Screen } from '../../schemas/screen/screen.types';
import { session, type MenuItem } from '../../runtime/stores/session';
import { fakeServer, ok, withHeaders } from './fakeServer';
import { renderInApp } from './renderInApp';

// Counts the checks while keeping them real.
vi.mock('../../runtime/screen/validateScreen', async (original) => {
  const real = await original<typeof import('../../runtime/screen/validateScreen')>();
  return { validateScreen: vi.fn(real.validateScreen) };
});

const ORDERS_API = '/api/repair/order/repair/orders';
const screenNamed = (id: string, title: string) => ({
  id,
  title,
  service: 'repair',
  filter: { fields: [{ fieldName: 'roNo', label: '工单号', type: 'input' }] },
  table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
});
const ORDERS = screenNamed('test.loadingOrders', '维修工单') as Screen;
const PAGE = { total: 2, items: [{ id: 1, roNo: 'RO1' }, { id: 2, roNo: 'RO2' }] };
const leaf = (id: string, path: string, component: string): MenuItem => ({ id, path, component, children: [], meta: { title: id } }) as never;

afterEach(() => {
  session.menus = [];
});

describe('opening a screen (issue 20)', () => {
  it('sends the first page within the call that opens the store, no promise turn later', () => {
    const { calls } = fakeServer({ [`GET ${ORDERS_API}`]: ok(PAGE) });
    new ScreenStore(ORDERS, []).open({ roNo: 'RO' });
    expect(calls.map((call) => [call.url, (call.params as { roNo?: string }).roNo])).toEqual([[ORDERS_API, 'RO']]);
  });

  it('asks for the first page while the screen renders, before any effect has run', () => {
    const { calls } = fakeServer({ [`GET ${ORDERS_API}`]: ok(PAGE) });
    // Rendered after the screen's whole tree and before any effect of it: what it sees was asked for during the render.
    let askedWhenRendered: number | undefined;
    const Witness = () => {
      askedWhenRendered ??= calls.filter((call) => call.url === ORDERS_API).length;
      return null;
    };
    renderInApp(
      <>
        <ScreenView screen={ORDERS} grantedKeys={[]} />
        <Witness />
      </>,
    );
    expect(askedWhenRendered).toBe(1);
    expect(calls.filter((call) => call.url === ORDERS_API)).toHaveLength(1);
  });

  it('asks once when the first render is started over while the page is on its way, and each store gets rows of its own', async () => {
    const { calls } = fakeServer({ [`GET ${ORDERS_API}`]: ok(PAGE) });
    const thrownAway = new ScreenStore(ORDERS, []);
    const kept = new ScreenStore(ORDERS, []);
    thrownAway.open({});
    kept.open({});
    expect(calls.filter((call) => call.url === ORDERS_API)).toHaveLength(1);
    await vi.waitFor(() => expect(kept.rows.map((row) => row.roNo)).toEqual(['RO1', 'RO2']));
    expect(thrownAway.rows.map((row) => row.roNo)).toEqual(['RO1', 'RO2']);
    expect(kept.rows[0]).not.toBe(thrownAway.rows[0]);
    // Once answered, the same query is asked again: only requests still out are shared.
    new ScreenStore(ORDERS, []).open({});
    expect(calls.filter((call) => call.url === ORDERS_API)).toHaveLength(2);
  });

  it("fetches the menu's screens and checks each version once, before any click", async () => {
    const screens: Record<string, object> = { 'test.prepA': screenNamed('test.prepA', '甲'), 'test.prepB': screenNamed('test.prepB', '乙') };
    const { calls } = fakeServer(Object.fromEntries(Object.entries(screens).map(([id, screen]) => [`GET /api/lowcode/screens/${id}`, withHeaders(ok(screen), { etag: `"${id}-1"` })])));
    session.menus = [leaf('1', '/a', 'screen:test.prepA'), leaf('2', '/b', 'screen:test.prepB'), leaf('3', '/c', 'page:downloadCenter')];
    const checks = vi.mocked(validateScreen);
    checks.mockClear();
    await prepareMenuScreens();
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/lowcode/screens/test.prepA', '/api/lowcode/screens/test.prepB']);
    expect(checks).toHaveBeenCalledTimes(2);
    const known = knownDefinition('test.prepA')!;
    expect(checkedDefinition(known).ok).toBe(true);
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('renders a screen without a loading fallback once the interpreter has loaded', async () => {
    await loadScreenPage();
    fakeServer({ 'GET /api/lowcode/screens/test.prepA': withHeaders(ok(screenNamed('test.prepA', '甲')), { etag: '"test.prepA-1"' }), [`GET ${ORDERS_API}`]: ok(PAGE) });
    session.menus = [leaf('1', '/a', 'screen:test.prepA')];
    await prepareMenuScreens();
    const { container } = render(<MenuPage menu={session.menus[0]!} />);
    expect(container.querySelector('.dms-page-loading')).toBeNull();
    expect(container.querySelector('[data-screen-id="test.prepA"]')).not.toBeNull();
  });
});
