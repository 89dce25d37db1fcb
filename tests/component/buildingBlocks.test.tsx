import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DmsDialog } from '../../runtime/blocks/dialog/DmsDialog';
import { DmsDrawer } from '../../runtime/blocks/drawer/DmsDrawer';
import { watermarkText } from '../../runtime/blocks/drawer/UserWatermark';
import { ImagePreviewDialog } from '../../runtime/blocks/ImagePreview';
import AnchorBlock from '../../runtime/blocks/layout/AnchorBlock';
import TabsBlock from '../../runtime/blocks/layout/TabsBlock';
import { ReadOnlyPanel } from '../../runtime/blocks/ReadOnlyPanel';
import { FilterBar } from '../../runtime/blocks/FilterBar';
import { PRINT_ROOT_ID } from '../../runtime/print/browserPrint';
import { printDocument, printState } from '../../runtime/print/printDocument';
import { announce, printWithService, resetPrintService, type Lodop } from '../../runtime/print/printService';
import { BlockList } from '../../runtime/screen/ScreenBlocks';
import { addExtensions } from './screenExtensionsHarness';
import type { Block } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { session } from '../../runtime/stores/session';
import { sanitizeRichText } from '../../runtime/widgets/richText/sanitize';
import { RichTextView } from '../../runtime/widgets/richText/RichTextField';
import { fakeServer } from './fakeServer';
import { renderForm } from './formHarness';
import { renderInApp } from './renderInApp';
import { appeared } from './appeared';

const store = (extra: object = {}) => new ScreenStore({ id: 't', title: '测试', service: 'repair', ...extra } as never, []);

describe('the dialog', () => {
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button onClick={() => setOpen(true)}>打开</button>
        <DmsDialog open={open} title="对话框" onClose={() => setOpen(false)} destroyOnHidden={false}>
          内容
        </DmsDialog>
      </>
    );
  }
  const modal = () => document.querySelector<HTMLElement>('.ant-modal');

  it('[BO-DLG-01] [BO-DLG-04] [BO-DLG-05] [BO-DLG-06] is visible or hidden, 60% wide at 10vh, with the fullscreen toggle shown', async () => {
    renderInApp(<Harness />);
    expect(modal()!.style.width).toBe('60%');
    expect(modal()!.style.top).toBe('10vh');
    expect(screen.getByRole('button', { name: '全屏' })).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? 'display: none').toContain('display: none'));
  });

  it('[BO-DLG-02] [BO-DLG-03] toggles fullscreen, and clears it 300 ms after closing, not before', async () => {
    renderInApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(modal()!.className).toContain('dms-dialog-is-fullscreen');
    expect(modal()!.style.width).toBe('100%');
    vi.useFakeTimers();
    try {
      fireEvent.click(document.querySelector('.ant-modal-close')!);
      await act(async () => void (await vi.advanceTimersByTimeAsync(299)));
      expect(modal()!.className).toContain('dms-dialog-is-fullscreen');
      await act(async () => void (await vi.advanceTimersByTimeAsync(2)));
      expect(modal()!.className).not.toContain('dms-dialog-is-fullscreen');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the drawer', () => {
  beforeEach(() => runInAction(() => (session.user = { employeeName: '梁杰', employeeNo: 'E1001', userId: 1 } as never)));
  afterEach(() => runInAction(() => (session.user = null)));
  const panel = () => document.querySelector<HTMLElement>('.ant-drawer-content-wrapper')!;

  it('[BB-DRAWER-01] [BB-DRAWER-03] [BB-DRAWER-04] [BB-DRAWER-05] [BB-DRAWER-10] [BB-DRAWER-11] [BO-CONST-07] [BO-CONST-08] [BO-CONST-10] opens from the right, 500 wide, z-index 100, with its title, close button and mask', async () => {
    renderInApp(<DmsDrawer open title="详情" onClose={() => undefined}>正文</DmsDrawer>);
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    expect(panel().style.width).toBe('500px');
    expect(document.querySelector<HTMLElement>('.ant-drawer')!.style.zIndex).toBe('100');
    expect(document.querySelector('.ant-drawer-title')!.textContent).toBe('详情');
    expect(document.querySelector('.ant-drawer-close')).not.toBeNull();
    expect(document.querySelector('.ant-drawer-mask')).not.toBeNull();
  });

  it('[BB-DRAWER-02] [BB-DRAWER-12] [BB-DRAWER-13] [BO-CONST-09] opens from the left 70% wide, and from the top or bottom 300 high', () => {
    const view = renderInApp(<DmsDrawer open title="左" placement="left" width="70%" onClose={() => undefined} />);
    expect(document.querySelector('.ant-drawer-left')).not.toBeNull();
    expect(panel().style.width).toBe('70%');
    view.unmount();
    for (const placement of ['top', 'bottom'] as const) {
      const v = renderInApp(<DmsDrawer open title="上下" placement={placement} onClose={() => undefined} />);
      expect(document.querySelector(`.ant-drawer-${placement}`)).not.toBeNull();
      expect(panel().style.height).toBe('300px');
      v.unmount();
    }
  });

  it('[BB-DRAWER-06] closes on a mask click unless told not to', () => {
    const onClose = vi.fn();
    const view = renderInApp(<DmsDrawer open title="详情" onClose={onClose} />);
    fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    const kept = vi.fn();
    renderInApp(<DmsDrawer open title="详情" maskClosable={false} onClose={kept} />);
    fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    expect(kept).not.toHaveBeenCalled();
  });

  it('[BB-DRAWER-07] locks the page scrolling while open', () => {
    const view = renderInApp(<DmsDrawer open title="详情" onClose={() => undefined} />);
    expect(document.documentElement.style.overflow).toBe('hidden');
    view.unmount();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it("[BB-DRAWER-08] carries the watermark of the user's name and employee number (as drawn: watermark.test.tsx)", () => {
    expect(watermarkText(session.loginInfo)).toEqual(['梁杰', 'E1001']);
    renderInApp(<DmsDrawer open title="详情" onClose={() => undefined}>正文</DmsDrawer>);
    expect(document.querySelector('.ant-drawer .dms-watermark')).not.toBeNull();
  });

  it('[BB-DRAWER-09] reports the end of the opening transition', async () => {
    const ended = vi.fn();
    renderInApp(<DmsDrawer open title="详情" onClose={() => undefined} onTransitionEnd={ended} />);
    await waitFor(() => expect(ended).toHaveBeenCalledWith(true));
  });
});

describe('the quarter picker', () => {
  it('[BO-QTR-01] [BO-QTR-02] [BO-QTR-03] [BO-QTR-04] opens on click, refuses disabled quarters, and submits the start and end datetimes', async () => {
    const form = renderForm([{ fieldName: 'quarterFrom|quarterTo', label: '季度', type: 'quarter', disabledQuarters: [true] }], { mode: 'filter' });
    expect(document.querySelector('.dms-quarter-panel')).toBeNull();
    fireEvent.click(form.input('quarterFrom|quarterTo'));
    await waitFor(() => expect(document.querySelector('.dms-quarter-panel')).not.toBeNull());
    const button = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('.dms-quarter-grid button')].find((b) => b.textContent === text)!;
    expect(button('01-03').disabled).toBe(true);
    expect(button('04-06').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: `${new Date().getFullYear() - 1}年` }));
    fireEvent.click(button('10-12'));
    const year = new Date().getFullYear() - 1;
    await waitFor(() => expect(form.input('quarterFrom|quarterTo').value).toBe(`${year} 10-12`));
    form.submit();
    expect(form.submitted).toEqual([{ quarterFrom: `${year}-10-01 00:00:00`, quarterTo: `${year}-12-31 23:59:59` }]);
  });

  it('[BO-QTR-05] offers the four quarters 01-03, 04-06, 07-09 and 10-12, each standing for its own three months', async () => {
    const form = renderForm([{ fieldName: 'quarterFrom|quarterTo', label: '季度', type: 'quarter' }], { mode: 'filter' });
    fireEvent.click(form.input('quarterFrom|quarterTo'));
    await waitFor(() => expect(document.querySelector('.dms-quarter-panel')).not.toBeNull());
    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.dms-quarter-grid button')];
    expect(buttons().map((b) => b.textContent)).toEqual(['01-03', '04-06', '07-09', '10-12']);
    const year = new Date().getFullYear() - 1;
    fireEvent.click(screen.getByRole('button', { name: `${year}年` }));
    fireEvent.click(buttons().find((b) => b.textContent === '07-09')!);
    await waitFor(() => expect(form.input('quarterFrom|quarterTo').value).toBe(`${year} 07-09`));
    form.submit();
    expect(form.submitted).toEqual([{ quarterFrom: `${year}-07-01 00:00:00`, quarterTo: `${year}-09-30 23:59:59` }]);
  });
});

describe('rich text', () => {
  const editorOf = () => document.querySelector<HTMLElement & { editor?: { commands: { setContent(html: string, options: object): void; insertContent(html: string): void } } }>('.ProseMirror');

  it('[BO-RTE-04] [BO-RTE-06] [BB-FORM-31] a rich-text field loads the editor 450 high with a Chinese toolbar, and hands the form sanitised HTML', async () => {
    const form = renderForm([{ fieldName: 'descriptionHtml', label: '维修说明', type: 'rich-text' }]);
    await waitFor(() => expect(editorOf()).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector<HTMLElement>('.dms-rich-text-body')!.style.height).toBe('450px');
    const tools = [...document.querySelectorAll('.dms-rich-text-toolbar button')].map((b) => b.getAttribute('aria-label'));
    expect(tools).toEqual(['加粗', '斜体', '下划线', '删除线', '无序列表', '有序列表', '插入图片', '撤销', '重做']);
    act(() => editorOf()!.editor!.commands.insertContent('<p>更换<strong>机油</strong></p><img src="https://img.example/a.png" onerror="window.hacked=1"><script>window.hacked=2</script>'));
    form.submit();
    const saved = form.submitted[0]!.descriptionHtml as string;
    expect(saved).toContain('<strong>机油</strong>');
    expect(saved).not.toMatch(/onerror|script/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('[BO-RTE-01] [BO-RTE-02] reverts to the last accepted content when the text (tags not counted) goes over the limit', async () => {
    const form = renderForm([{ fieldName: 'note', label: '说明', type: 'rich-text', maxlength: 10 }]);
    await waitFor(() => expect(editorOf()).not.toBeNull(), { timeout: 10_000 });
    act(() => editorOf()!.editor!.commands.insertContent('<p><strong>一二三四五</strong>六七八九十</p>'));
    expect(document.querySelector('.dms-rich-text-count')!.textContent).toBe('10/10');
    act(() => editorOf()!.editor!.commands.insertContent('多'));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('内容不能超过10字'));
    expect(document.querySelector('.dms-rich-text-count')!.textContent).toBe('10/10');
    expect(editorOf()!.textContent).toBe('一二三四五六七八九十');
    form.submit();
    expect(form.submitted).toEqual([{ note: '<p><strong>一二三四五</strong>六七八九十</p>' }]);
  });

  it('[BB-FORM-45] [BO-RTE-03] without a maxlength counts to 50000 and refuses the 50001st character', async () => {
    const form = renderForm([{ fieldName: 'note', label: '说明', type: 'rich-text' }]);
    await waitFor(() => expect(editorOf()).not.toBeNull(), { timeout: 10_000 });
    const count = () => document.querySelector('.dms-rich-text-count')!.textContent;
    expect(count()).toBe('0/50000');
    act(() => editorOf()!.editor!.commands.insertContent(`<p>${'字'.repeat(49_999)}</p>`));
    expect(count()).toBe('49999/50000');
    act(() => editorOf()!.editor!.commands.insertContent('一'));
    expect(count()).toBe('50000/50000');
    act(() => editorOf()!.editor!.commands.insertContent('多'));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('内容不能超过50000字'));
    expect(count()).toBe('50000/50000');
    form.submit();
    expect((form.submitted[0]!.note as string).replace(/<[^>]+>/g, '')).toHaveLength(50_000);
  });

  it('shows stored HTML only through the sanitiser, so a pasted script never runs', () => {
    const html = '<p>正文</p><img src="x" onerror="window.hacked=3"><script>window.hacked=4</script><a href="javascript:window.hacked=5">链接</a>';
    expect(sanitizeRichText(html)).toBe('<p>正文</p><img src="x"><a rel="noopener noreferrer">链接</a>');
    renderInApp(<RichTextView html={html} />);
    expect(document.querySelector('.dms-rich-text-view script')).toBeNull();
    expect(document.querySelector('.dms-rich-text-view img')!.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('the print helper', () => {
  afterEach(() => {
    resetPrintService();
    document.getElementById(PRINT_ROOT_ID)?.remove();
  });

  it('[BO-PRINT-01] [BO-PRINT-02] [BB-PRINT-08] shows a persistent notice with the install link and a reminder to refresh when the service is missing', async () => {
    renderInApp(<div />);
    act(() => announce({ status: 'missing' }));
    const notice = await appeared(() => document.querySelector<HTMLElement>('.ant-notification-notice'), 'the notification');
    expect(notice.textContent).toContain('未安装打印组件，请下载安装后刷新页面');
    expect(notice.querySelector('a')!.getAttribute('href')).toBe('https://www.lodop.net/download.html');
    await new Promise((r) => setTimeout(r, 4600));
    expect(document.querySelector('.ant-notification-notice')).not.toBeNull();
  });

  it('[BO-PRINT-03] [BB-PRINT-09] says 需升级 with the install link when the service is too old', async () => {
    renderInApp(<div />);
    act(() => announce({ status: 'old', version: '6.0.0.1' }));
    const notice = await appeared(() => document.querySelector<HTMLElement>('.ant-notification-notice'), 'the notification');
    expect(notice.textContent).toContain('需升级');
    expect(notice.querySelector('a')).not.toBeNull();
  });

  it('[BO-PRINT-04] [BB-PRINT-07] warns 打印组件还没有加载完毕，请稍等一下再操作 while the service is still loading', async () => {
    renderInApp(<div />);
    act(() => announce({ status: 'loading' }));
    await waitFor(() => expect(document.querySelector('.ant-message')!.textContent).toContain('打印组件还没有加载完毕，请稍等一下再操作'));
  });

  it("[BB-PRINT-10] shows 'getLodop 出错:' plus the error when the service throws", async () => {
    renderInApp(<div />);
    const broken = { VERSION: '6.2.2.1', PRINT_INIT: () => { throw new Error('端口被占用'); } } as unknown as Lodop;
    act(() => void printWithService(broken, '<p/>', { template: 'repair-order' }));
    await waitFor(() => expect(document.querySelector('.ant-message')!.textContent).toContain('getLodop 出错:端口被占用'));
  });

  it('[BB-PRINT-06] [BB-PRINT-11] goes to start and back to stop after 500 ms; without the service nothing goes to it and the browser prints the template', async () => {
    renderInApp(<div />);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    // jsdom loads no scripts: the service's script fails as it does where the service is not installed.
    const appended = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      setTimeout(() => (node as HTMLScriptElement).onerror?.(new Event('error')), 0);
      return node;
    });
    try {
      const route = printDocument({ template: 'repair-order', data: { roNo: 'RO D11001', dealerName: '北京华晟京通' }, printCopies: 2 });
      expect(printState.state).toBe('start');
      expect(await route).toBe('browser');
      expect(print).toHaveBeenCalledTimes(1);
      const pages = document.querySelectorAll(`#${PRINT_ROOT_ID} .dms-print-page`);
      expect(pages).toHaveLength(2);
      // Each copy is the JSON template filled in: the header names the order.
      expect(pages[0]!.querySelector('.dms-print-meta')!.textContent).toContain('工单号：RO D11001');
      await waitFor(() => expect(printState.state).toBe('stop'), { timeout: 1000 });
    } finally {
      print.mockRestore();
      appended.mockRestore();
    }
  });
});

describe('a print asked without copies or a page size', () => {
  // jsdom loads no scripts: the service's script "loads" or "fails" as the test says.
  const scriptLoads = (ok: boolean) =>
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      setTimeout(() => (ok ? (node as HTMLScriptElement).onload?.(new Event('load')) : (node as HTMLScriptElement).onerror?.(new Event('error'))), 0);
      return node;
    });
  afterEach(() => {
    resetPrintService();
    delete window.getCLodop;
    document.getElementById(PRINT_ROOT_ID)?.remove();
    vi.restoreAllMocks();
  });

  it('[BB-PRINT-04] [BB-PRINT-05] goes to the print service as 1 copy of A4: 2100 x 2970 tenths of a millimetre, upright', async () => {
    renderInApp(<div />);
    const calls: unknown[][] = [];
    const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
    const lodop: Lodop = {
      VERSION: '6.2.2.1',
      PRINT_INIT: record('PRINT_INIT'),
      SET_PRINT_PAGESIZE: record('SET_PRINT_PAGESIZE'),
      SET_PRINT_COPIES: record('SET_PRINT_COPIES'),
      ADD_PRINT_HTM: record('ADD_PRINT_HTM'),
      PREVIEW: () => (calls.push(['PREVIEW']), 1),
      PRINT: () => (calls.push(['PRINT']), true),
    };
    window.getCLodop = () => lodop;
    scriptLoads(true);
    expect(await printDocument({ template: 'repair-order', data: { roNo: 'RO1' } })).toBe('service');
    expect(calls).toContainEqual(['SET_PRINT_PAGESIZE', 1, 2100, 2970, '']);
    expect(calls).toContainEqual(['SET_PRINT_COPIES', 1]);
  });

  it('[BB-PRINT-04] [BB-PRINT-05] prints in the browser one page laid out 210mm x 297mm when the service is missing', async () => {
    renderInApp(<div />);
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    scriptLoads(false);
    expect(await printDocument({ template: 'repair-order', data: { roNo: 'RO1' } })).toBe('browser');
    const root = document.getElementById(PRINT_ROOT_ID)!;
    expect(root.querySelectorAll('.dms-print-page')).toHaveLength(1);
    expect([root.dataset.pageWidth, root.dataset.pageHeight]).toEqual(['210mm', '297mm']);
  });
});

describe('layout blocks', () => {
  function Probe({ block }: { block: Block }) {
    probes.push(block.title ?? '');
    return <div className="probe">{block.title}</div>;
  }
  let probes: string[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    probes = [];
    restore = addExtensions({ blocks: { probe: { component: Probe as never } } });
  });
  afterEach(() => restore());
  const inner = (s: ScreenStore) => (blocks: Block[]) => <BlockList blocks={blocks} store={s} />;

  it('[BB-ANCHOR-01] [BB-ANCHOR-02] [BB-ANCHOR-03] [BB-ANCHOR-04] [BB-ANCHOR-05] [BB-ANCHOR-06] [BO-BLK-05] lists the sections and 回到顶部 under the 目录 button; past 60 px the anchor bar, 置顶 and 置底 appear', async () => {
    const block: Block = { type: 'anchor', sections: [{ title: '第一节', blocks: [{ type: 'probe', title: 'a' }] }, { title: '第二节', blocks: [{ type: 'probe', title: 'b' }] }] };
    const s = store();
    renderInApp(<AnchorBlock block={block} store={s} renderBlocks={inner(s)} />);
    await waitFor(() => expect(document.querySelectorAll('.probe')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /置顶/ })).toBeNull();
    expect(document.querySelector('.dms-anchor-bar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /目录/ }));
    await waitFor(() => expect([...document.querySelectorAll('.ant-dropdown-menu-item')].map((i) => i.textContent)).toEqual(['第一节', '第二节', '回到顶部']));
    const pane = document.querySelector<HTMLElement>('.dms-anchor-pane')!;
    pane.scrollTop = 60;
    fireEvent.scroll(pane);
    expect(screen.queryByRole('button', { name: /置顶/ })).toBeNull();
    pane.scrollTop = 61;
    fireEvent.scroll(pane);
    expect(screen.getByRole('button', { name: /置顶/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /置底/ })).toBeTruthy();
    expect([...document.querySelectorAll('.dms-anchor-bar .ant-anchor-link-title')].map((a) => a.textContent)).toEqual(['第一节', '第二节']);
  });

  it('[BB-TABS-01] [BB-TABS-02] [BB-TABS-03] [BO-BLK-04] renders a tab the first time it is chosen; keeps it alive when left, or destroys it when keepAlive is false', async () => {
    const block: Block = { type: 'tabs', tabs: [{ title: '一', blocks: [{ type: 'probe', title: 'one' }] }, { title: '二', blocks: [{ type: 'probe', title: 'two' }] }, { title: '三', keepAlive: false, blocks: [{ type: 'probe', title: 'three' }] }] };
    const s = store();
    renderInApp(<TabsBlock block={block} store={s} renderBlocks={inner(s)} />);
    const tab = (name: string) => fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')].find((t) => t.textContent === name)!);
    const shown = () => [...document.querySelectorAll('.probe')].map((p) => p.textContent);
    await waitFor(() => expect(shown()).toEqual(['one']));
    tab('二');
    await waitFor(() => expect(shown()).toEqual(['one', 'two']));
    tab('三');
    await waitFor(() => expect(shown()).toEqual(['one', 'two', 'three']));
    tab('一');
    await waitFor(() => expect(shown()).toEqual(['one', 'two']));
  });

  it('[BO-BLK-03] previews an image in a dialog, turning it in 90-degree steps', () => {
    renderInApp(<ImagePreviewDialog open url="/files/a.png" name="行驶证" onClose={() => undefined} />);
    const image = () => document.querySelector<HTMLElement>('.ant-modal .dms-preview-image')!;
    expect(image().dataset.angle).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: /向右旋转/ }));
    expect(image().style.transform).toBe('rotate(90deg)');
    fireEvent.click(screen.getByRole('button', { name: /向左旋转/ }));
    fireEvent.click(screen.getByRole('button', { name: /向左旋转/ }));
    expect(image().dataset.angle).toBe('270');
  });

  it('[BO-BLK-02] [BO-BLK-09] [BO-BLK-10] the screen contract offers the dialog, the quarter picker and the rich-text editor', async () => {
    const { widgetRegistry } = await import('../../runtime/registries/widgets');
    expect(Object.keys(widgetRegistry)).toEqual(expect.arrayContaining(['quarter', 'rich-text', 'dealer-picker', 'consultant-picker']));
    renderInApp(<DmsDialog open title="对话框" onClose={() => undefined} />);
    expect(document.querySelector('.ant-modal')).not.toBeNull();
  });

  it('[BO-BLK-01] provides the query filter bar', async () => {
    fakeServer({});
    renderInApp(<FilterBar store={store({ filter: { fields: [{ fieldName: 'roNo', label: '工单号', type: 'input' }] } })} />);
    expect(screen.getByText('工单号')).toBeTruthy();
    expect(screen.getByRole('button', { name: /查 询/ })).toBeTruthy();
  });

  it('[BB-FORM-10] a read-only panel shows label: value pairs, options by their text, rich text sanitised', () => {
    renderInApp(
      <ReadOnlyPanel
        cols={2}
        fields={[
          { fieldName: 'status', label: '状态', type: 'select', options: [{ value: '1', text: '待派工' }] },
          { fieldName: 'from|to', label: '日期', type: 'date-range' },
          { fieldName: 'html', label: '说明', type: 'rich-text' },
        ]}
        record={{ status: '1', from: '2026-01-01', to: '2026-01-31', html: '<p>好</p><script>window.hacked=9</script>' }}
      />,
    );
    const pairs = [...document.querySelectorAll('.dms-readonly-panel .ant-descriptions-item-label')].map((l) => [l.textContent, l.nextElementSibling?.textContent]);
    expect(pairs).toEqual([['状态', '待派工'], ['日期', '2026-01-01 ~ 2026-01-31'], ['说明', '好']]);
    // The label is followed by its colon (antd's descriptions draw it unless told not to).
    expect(document.querySelector('.dms-readonly-panel .ant-descriptions-item-no-colon')).toBeNull();
    expect(document.querySelector('.dms-readonly-panel script')).toBeNull();
  });
});

