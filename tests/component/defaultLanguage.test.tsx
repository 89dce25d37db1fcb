// The default language is zh, in every part that has a language of its own (back-office §1, DESIGN §2): the page the
// browser loads says zh-CN, antd's components are given zh_CN by the app's providers, dates are formatted with dayjs's
// zh-cn, ag-grid's own texts come from its Chinese locale, and Monaco (the editor's chunk) is loaded with its zh-cn
// messages. Each is checked where the app sets it, by what it then shows.
import { act, screen as view, waitFor } from '@testing-library/react';
import { ConfigProvider, DatePicker, Pagination } from 'antd';
import dayjs from 'dayjs';
import { readFileSync } from 'node:fs';
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { DATE_LOCALE } from '../../runtime/form/dates';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer } from './fakeServer';
import { renderInApp } from './renderInApp';
import { renderTable } from './tableHarness';

const HAN = /[\u4e00-\u9fff]/;

describe('[BO-PROD-04] the default language is zh', () => {
  it('[BO-PROD-04] the page the browser loads (runtime/index.html, built into the app) is marked zh-CN and titled in Chinese', () => {
    const page = new DOMParser().parseFromString(readFileSync('runtime/index.html', 'utf8'), 'text/html');
    expect(page.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(page.title).toMatch(HAN);
  });

  it('[BO-PROD-04] the app’s providers give antd the zh_CN locale: its components speak Chinese', async () => {
    let localeName: string | undefined;
    const ReadLocale = () => {
      localeName = useContext(ConfigProvider.ConfigContext).locale?.locale;
      return null;
    };
    renderInApp(
      <>
        <ReadLocale />
        <Pagination total={200} showSizeChanger showQuickJumper />
      </>,
    );
    expect(localeName).toBe('zh-cn');
    expect(view.getByText(/跳至/)).toBeTruthy();
    expect(document.body.textContent).toContain('10 条/页');
  });

  it('[BO-PROD-04] dates use dayjs’s zh-cn, as the runtime sets it: Chinese weekday names, and the week starts on Monday in the date picker', async () => {
    expect(DATE_LOCALE).toBe('zh-cn');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-12-03').format('dddd MMMM')).toBe('星期四 十二月');
    renderInApp(<DatePicker open defaultPickerValue={dayjs('2026-12-03')} />);
    const header = await waitFor(() => {
      const cells = [...document.querySelectorAll('.ant-picker-date-panel thead th')].map((th) => th.textContent);
      expect(cells).toHaveLength(7);
      return cells;
    });
    expect(header[0]).toBe('一');
    expect(header[6]).toBe('日');
    expect(view.getByText('今天')).toBeTruthy();
  });

  it('[BO-PROD-04] the table’s grid shows ag-grid’s own texts from its Chinese locale (loading overlay)', async () => {
    const screen: Screen = { id: 'test.locale', title: '语言', service: 'repair', table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] } };
    // The list never answers: the grid keeps showing its loading overlay.
    fakeServer({ 'GET /api/repair/order/repair/orders': () => new Promise(() => undefined) });
    const { store } = renderTable(screen);
    act(() => void store.search({}));
    await waitFor(() => expect(document.querySelector('.ag-overlay-loading-center, .ag-overlay')?.textContent ?? '').toContain('加载中'));
    expect(document.querySelector('.ag-overlay')!.textContent).not.toMatch(/Loading/i);
  });

  it('[BO-PROD-04] Monaco, loaded with the editor’s Chinese messages first, shows its find widget in Chinese', async () => {
    // The index Monaco's built find widget looks its "Find" label up by, read from the pinned release itself.
    const findWidget = readFileSync('node_modules/monaco-editor/esm/vs/editor/contrib/find/browser/findWidget.js', 'utf8');
    const index = Number(/localize\((\d+), "Find"\)/.exec(findWidget)![1]);
    await import('../../editor/monacoChinese');
    // What Monaco's localize() reads (monaco-editor/esm/vs/nls.js: the global table, by index, and the language).
    const nls = globalThis as unknown as { _VSCODE_NLS_MESSAGES?: string[]; _VSCODE_NLS_LANGUAGE?: string };
    expect(nls._VSCODE_NLS_LANGUAGE).toBe('zh-cn');
    expect(nls._VSCODE_NLS_MESSAGES?.[index]).toBe('查找');
    // Every page that reaches Monaco loads those messages before it (editor/editorPages.ts).
    const pages = readFileSync('editor/editorPages.ts', 'utf8');
    const editorImports = [...pages.matchAll(/import\('\.\/(ScreenEditorPage|modelPages)'\)/g)];
    expect(editorImports.length).toBe(2);
    for (const found of editorImports) expect(pages.slice(Math.max(0, (found.index ?? 0) - 30), found.index), found[0]).toMatch(/chinese\(\)\.then\(\(\) => $/);
  });
});
