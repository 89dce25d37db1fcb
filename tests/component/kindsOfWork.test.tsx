// What staff work with on the screens (back-office §1) and what the building blocks serve (building-blocks §1): filter
// forms, tables and editable tables, dialogs, Excel import and export, file and image upload with image handling,
// image, PDF and frame preview, selection dialogs, process design and printing. Each kind is used by a screen of the
// product, through a name of the installed registries, and that screen passes the screen check; then one small screen
// with a filter bar, a table, a dialog, a selection dialog, import and export is rendered and worked as a user does.
import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import { setToken } from '../../runtime/http/credentials';
import runtimeConfigJson from '../../runtime/public/config.json';
import { screenExtensions } from '../../runtime/screen/screenExtensions';
import { ScreenView } from '../../runtime/screen/ScreenView';
import { validateScreen } from '../../runtime/screen/validateScreen';
import { AuthFrame, AuthPdf } from '../../runtime/upload/AuthViewers';
import type { Screen } from '../../schemas/screen/screen.types';
import { definitionFilesIn } from '../../scripts/screenFiles';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderForm } from './formHarness';
import { renderInApp } from './renderInApp';
import { cellText, rowsShown } from './tableHarness';

const saved: { blob: Blob; name: string }[] = [];
vi.mock('../../runtime/upload/transfer', async (original) => ({
  ...(await original<typeof import('../../runtime/upload/transfer')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));
// jsdom has no Web Worker: the export's worker build runs in place.
vi.mock('../../runtime/export/workerBuild', async () => {
  const { buildXlsx } = await import('../../runtime/export/xlsxBuild');
  return { buildInWorker: buildXlsx };
});

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** What a screen uses, read from its JSON: the field types of its forms, the action types of its buttons, its blocks. */
interface Uses {
  filterWidgets: Set<string>;
  widgets: Set<string>;
  actions: Set<string>;
  blocks: Set<string>;
  editableColumns: boolean;
}

function usesOf(screen: Record<string, unknown>): Uses {
  const uses: Uses = { filterWidgets: new Set(), widgets: new Set(), actions: new Set(), blocks: new Set(), editableColumns: false };
  const walk = (value: unknown, key: string | undefined, inArrayOf: string | undefined) => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, undefined, key));
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (typeof object.type === 'string') {
      if (inArrayOf === 'fields') uses.widgets.add(object.type);
      if (key === 'action' || key === 'then') uses.actions.add(object.type);
      if (inArrayOf === 'blocks') uses.blocks.add(object.type);
    }
    if (inArrayOf === 'columns' && object.editable !== undefined && object.editable !== false) uses.editableColumns = true;
    for (const [childKey, child] of Object.entries(object)) walk(child, childKey, undefined);
  };
  walk(screen, undefined, undefined);
  const filter = screen.filter as { fields?: { type: string }[] } | undefined;
  for (const field of filter?.fields ?? []) uses.filterWidgets.add(field.type);
  return uses;
}

type Registry = 'fieldTypes' | 'actions' | 'blocks';
interface WorkKind {
  kind: string;
  /** Whether a screen does this kind of work. */
  usedBy(uses: Uses, screen: Record<string, unknown>): boolean;
  /** The registry names the work goes through. */
  through: [Registry, string][];
}

const KINDS: WorkKind[] = [
  { kind: '筛选表单', usedBy: (u) => u.filterWidgets.size > 0, through: [['fieldTypes', 'input'], ['fieldTypes', 'select'], ['fieldTypes', 'date-range']] },
  { kind: '表格', usedBy: (_u, s) => Array.isArray((s.table as { columns?: unknown[] } | undefined)?.columns), through: [['blocks', 'table'], ['actions', 'reload']] },
  { kind: '可编辑表格', usedBy: (u) => u.editableColumns && u.actions.has('saveRows'), through: [['actions', 'addRow'], ['actions', 'deleteRows'], ['actions', 'saveRows']] },
  { kind: '对话框', usedBy: (u, s) => u.actions.has('dialog') && typeof s.dialogs === 'object', through: [['actions', 'dialog'], ['actions', 'drawer'], ['actions', 'confirm']] },
  { kind: 'Excel 导入', usedBy: (u) => u.actions.has('importExcel'), through: [['actions', 'importExcel']] },
  { kind: 'Excel 导出', usedBy: (u) => u.actions.has('exportExcel') || u.actions.has('exportJob'), through: [['actions', 'exportExcel'], ['actions', 'exportJob']] },
  { kind: '文件上传', usedBy: (u) => u.widgets.has('file-upload') || u.widgets.has('oss-upload'), through: [['fieldTypes', 'file-upload'], ['fieldTypes', 'oss-upload'], ['fieldTypes', 'upload-button']] },
  { kind: '图片上传与处理', usedBy: (u) => u.widgets.has('image-upload'), through: [['fieldTypes', 'image-upload']] },
  { kind: '选择对话框', usedBy: (u) => u.widgets.has('dealer-picker') || u.widgets.has('consultant-picker'), through: [['fieldTypes', 'dealer-picker'], ['fieldTypes', 'consultant-picker']] },
  { kind: '流程设计', usedBy: (u) => u.blocks.has('workflow-designer'), through: [['blocks', 'workflow-designer']] },
  { kind: '打印', usedBy: (u) => u.actions.has('print'), through: [['actions', 'print']] },
];

describe('[BO-PROD-16] [BB-PROD-02] the kinds of work staff do on the screens', () => {
  it('[BO-PROD-16] [BB-PROD-02] each kind is done on some screen of the product, through a name the installed registries carry, and that screen passes the screen check', () => {
    const extensions = screenExtensions();
    const screens = definitionFilesIn(['screens']).screens.map((file) => ({ file, json: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> }));
    expect(screens.length).toBeGreaterThan(50);
    const withUses = screens.map((s) => ({ ...s, uses: usesOf(s.json) }));
    for (const { kind, usedBy, through } of KINDS) {
      for (const [registry, name] of through) expect(typeof (extensions[registry] as Record<string, unknown>)[name], `${kind}：${registry}.${name}`).not.toBe('undefined');
      const users = withUses.filter((s) => usedBy(s.uses, s.json));
      expect(users.map((s) => s.file), `${kind} 没有页面在用`).not.toEqual([]);
      for (const { file, uses, json } of users) {
        // The browser's own check (schema and references); the repository's check with the server's knowledge is the
        // screens:check step of npm test, which reads files this environment cannot.
        expect(validateScreen(json).ok, file).toBe(true);
        // Every name the screen uses is one the runtime can render or run.
        for (const type of uses.widgets) expect(extensions.fieldTypes[type], `${file} 控件 ${type}`).toBeDefined();
        for (const type of uses.actions) expect(extensions.actions[type], `${file} 动作 ${type}`).toBeDefined();
        for (const type of uses.blocks) expect(extensions.blocks[type], `${file} 区块 ${type}`).toBeDefined();
      }
    }
  });

  describe('one screen, worked as staff work it', () => {
    const WORK: Screen = {
      id: 'test.work',
      title: '工时项目',
      service: 'repair',
      permissions: { add: 'POST_repair_basedata/labourItems', import: 'POST_repair_basedata/labourItems/import' },
      filter: {
        fields: [
          { fieldName: 'labourCode', label: '工时代码', type: 'input' },
          { fieldName: 'dealerCode', label: '经销商', type: 'dealer-picker' },
        ],
      },
      table: {
        api: 'repair:GET basedata/labourItems',
        pageSize: 50,
        columns: [
          { title: '工时代码', dataIndex: 'labourCode' },
          { title: '工时名称', dataIndex: 'labourName', editable: true },
        ],
      },
      toolbar: [
        { label: '新增', permission: 'add', action: { type: 'dialog', dialog: 'edit', mode: 'add' } },
        { label: '导出', action: { type: 'exportExcel' } },
        { label: '导入', permission: 'import', action: { type: 'importExcel', api: 'repair:POST basedata/labourItems/import', statusApi: 'repair:GET basedata/labourItems/import/last' } },
      ],
      dialogs: {
        edit: {
          title: '工时项目',
          form: {
            fields: [
              { fieldName: 'labourCode', label: '工时代码', type: 'input', required: true },
              { fieldName: 'photo', label: '示意图', type: 'image-upload' },
            ],
          },
          submit: { add: 'repair:POST basedata/labourItems' },
        },
      },
    };
    const ROWS = [
      { id: 1, labourCode: 'BP001', labourName: '更换机油' },
      { id: 2, labourCode: 'BP002', labourName: '更换刹车片' },
    ];
    let calls: FakeCall[];

    beforeEach(() => {
      saved.length = 0;
      calls = fakeServer({
        'GET /api/repair/basedata/labourItems': (call: FakeCall) => {
          const code = (call.params as { labourCode?: string }).labourCode;
          const items = code ? ROWS.filter((r) => r.labourCode === code) : ROWS;
          return ok({ total: items.length, items });
        },
        'POST /api/org/dealer/selectOrgInfo': ok([{ companyId: 11, companyCode: 'D11001', companyNameCn: '北京华晟京通汽车销售服务有限公司', gmsNameCn: '北方大区', provinceId: '110000', cityId: '110100' }]),
        'GET /api/org/area/list': ok([]),
      }, { yieldOnRunaway: true }).calls;
    });
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/repair/basedata/labourItems');

    it('[BO-PROD-16] [BB-PROD-02] the filter bar queries the table; 新增 opens the dialog’s form; the picker opens its selection dialog; 导出 saves the rows as Excel; 导入 opens the import dialog', async () => {
      expect(validateScreen(WORK).ok).toBe(true);
      renderInApp(<ScreenView screen={WORK} grantedKeys={['POST_repair_basedata/labourItems', 'POST_repair_basedata/labourItems/import']} />);

      // The table: the first search on opening shows the rows.
      await rowsShown(2);
      expect(cellText(0, 'labourCode')).toBe('BP001');
      // The filter form: a value typed and 查询 sends it and the table shows what came back.
      fireEvent.change(document.querySelector<HTMLInputElement>('#filter_labourCode')!, { target: { value: 'BP002' } });
      fireEvent.click(view.getByRole('button', { name: /查 询/ }));
      await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ labourCode: 'BP002' }));
      await rowsShown(1);
      expect(cellText(0, 'labourCode')).toBe('BP002');

      // The selection dialog of the filter's dealer picker.
      const picker = document.querySelector<HTMLElement>('.dms-filter-bar')!;
      fireEvent.click(within(picker).getByRole('button', { name: '选择' }));
      expect(await view.findByText('选择经销商')).toBeTruthy();
      fireEvent.click(within(document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!).getByRole('button', { name: /取 ?消/ }));

      // Excel export of what the table found.
      fireEvent.click(view.getByRole('button', { name: '导出' }));
      expect(await view.findByText('是否将Excel表格保存至本地文件夹？')).toBeTruthy();
      fireEvent.click(view.getByRole('button', { name: '下载' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await blobBytes(saved[0]!.blob));
      expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['序号', '工时代码', '工时名称']);
      expect((workbook.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual([1, 'BP002', '更换刹车片']);

      // The dialog: 新增 opens the form with its fields, the image upload among them.
      fireEvent.click(view.getByRole('button', { name: '新增' }));
      const dialog = await waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((m) => m.textContent?.includes('示意图'));
        expect(found).toBeTruthy();
        return found!;
      });
      expect(dialog.querySelector('.ant-modal-title')?.textContent).toContain('工时项目');
      expect(dialog.querySelector('input[type=file]')).not.toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: /取 ?消/ }));

      // Excel import: the import dialog takes xls and xlsx.
      fireEvent.click(view.getByRole('button', { name: '导入' }));
      const fileInput = await waitFor(() => {
        const found = document.querySelector<HTMLInputElement>('.dms-import input[type=file]');
        expect(found).not.toBeNull();
        return found!;
      });
      expect(fileInput.getAttribute('accept')).toBe('.xls,.xlsx');
      // Nothing is posted before the user chooses a file and presses 导入.
      expect(calls.some((c) => c.method === 'POST' && c.url.includes('/import'))).toBe(false);
    });

    it('[BO-PROD-16] [BB-PROD-02] without the keys the buttons ask for, 新增 and 导入 are not offered; export stays', async () => {
      renderInApp(<ScreenView screen={WORK} grantedKeys={[]} />);
      await rowsShown(2);
      expect(view.queryByRole('button', { name: '新增' })).toBeNull();
      expect(view.queryByRole('button', { name: '导入' })).toBeNull();
      expect(view.getByRole('button', { name: '导出' })).toBeTruthy();
    });
  });

  it('[BO-PROD-16] [BB-PROD-02] a stored image in a form shows as its thumbnail, and the PDF and frame viewers show a stored file, each fetched through the signed preview', async () => {
    const uid = '0123456789abcdef0123456789abcdef';
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    // The open api's signed-date scheme needs its keys (the shipped config leaves them to the deployment).
    setRuntimeConfig({ ...runtimeConfigJson, signing: { ...runtimeConfigJson.signing, key: 'component-test-key', openApi: { accessKey: 'dms-web', secret: 'component-open-secret' } } });
    setToken('token-123');
    const { calls } = fakeServer({ [`GET /openapi/file/preview/${uid}`]: new Blob(['%PDF-1.4']) });
    const form = renderForm([{ fieldName: 'photo', label: '车头照片', type: 'image-upload' }], { mode: 'edit', record: { photo: `/api/file/preview/${uid}` } });
    await waitFor(() => expect(form.container.querySelector('.dms-image-tile img')?.getAttribute('src')).toBe('blob:preview'));
    const viewers = renderInApp(
      <>
        <AuthPdf src={uid} title="维修合同" />
        <AuthFrame src={uid} title="检测报告" />
      </>,
    );
    await waitFor(() => expect(viewers.container.querySelector('object.dms-auth-pdf')?.getAttribute('data')).toBe('blob:preview'));
    await waitFor(() => expect(viewers.container.querySelector('iframe.dms-auth-frame')?.getAttribute('src')).toBe('blob:preview'));
    expect(calls.filter((c) => c.url === `/openapi/file/preview/${uid}`).length).toBeGreaterThanOrEqual(3);
    await act(async () => undefined);
    setRuntimeConfig(runtimeConfigJson);
  });
});
