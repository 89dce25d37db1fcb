// The export buttons (back-office §4 and §5 Export): exportExcel builds the file in the browser from every row of the
// current query; exportJob asks the server to build it for the download centre.
import { askConfirm, feedback } from '../app/feedback';
import { callApi } from '../http/client';
import { TEXT } from '../../schemas/text/zh';
import type { ActionHandler } from '../screen/screenExtensions';
import type { Column } from '../../schemas/screen/screen.types';
import type { PageOf, Row, ScreenStore } from '../screen/ScreenStore';
import { pagingParams } from '../screen/ScreenStore';
import { session } from '../stores/session';
import { fetchArrayBuffer, saveBlob } from '../upload/transfer';
import { parseApiRef } from '../../schemas/screen/apiRef';
import { loadRemoteOptions } from '../widgets/useFieldOptions';
import { sheetData, type TextLookup } from './sheetData';
import { buildInWorker } from './workerBuild';

export const DOWNLOAD_CENTRE_PATH = '/downloadManage/downloadCenter/downloadCenter/index';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PROGRESS_KEY = 'dms-export-progress';

/** 是否将Excel表格保存至本地文件夹？ with 下载 and 取消; cancelling says 已取消. */
async function confirmDownload(): Promise<boolean> {
  const go = await askConfirm({ content: TEXT.export.confirm, okText: TEXT.export.download, cancelText: TEXT.export.cancel });
  if (!go) feedback().message.info(TEXT.export.cancelled);
  return go;
}

/** Text lookups for every coded column: edit items, the dictionary, or the remote options (loaded, usually cached). */
async function textLookup(columns: Column[]): Promise<TextLookup> {
  const maps = new Map<string, Map<string, string>>();
  for (const column of columns) {
    const options = column.editItems ?? (column.dict ? session.dictionary(column.dict) : column.request ? await loadRemoteOptions(column.request).catch(() => []) : undefined);
    if (options) maps.set(column.dataIndex, new Map(options.map((o) => [String(o.value), o.text])));
  }
  return (column, value) => {
    const texts = maps.get(column.dataIndex);
    if (!texts || value === null || value === undefined || value === '') return undefined;
    if (Array.isArray(value)) return value.map((v) => texts.get(String(v)) ?? String(v)).join('，');
    return texts.get(String(value)) ?? String(value);
  };
}

/** Every row of the current query: page 1 with the page size equal to the total. */
export async function fetchAllRows(store: ScreenStore, extra: Row = {}): Promise<Row[]> {
  const table = store.screen.table!;
  const data = await callApi<PageOf<Row>>(table.api, store.calling({ params: { ...store.queryParams(1, store.total), ...pagingParams(1, store.total), ...extra } }));
  return data.items ?? [];
}

const exportExcel: ActionHandler = async (action, { store }) => {
  if (!store.screen.table) return;
  if (!store.searched || store.total === 0) {
    feedback().message.warning(TEXT.export.noSearch);
    return;
  }
  if (!(await confirmDownload())) return;
  const rows = await fetchAllRows(store, action.exportParams ?? {});
  if (rows.length === 0) {
    feedback().message.warning(TEXT.export.empty);
    return;
  }
  const data = sheetData(store.columns, rows, await textLookup(store.columns));
  const progress = (percent: number) => feedback().message.loading({ key: PROGRESS_KEY, content: TEXT.export.building(percent), duration: 0 });
  progress(0);
  try {
    const bytes = await buildInWorker(data, progress);
    saveBlob(new Blob([bytes], { type: XLSX_TYPE }), action.exportName ?? TEXT.export.defaultFileName);
  } catch {
    feedback().message.error(TEXT.export.buildFailed);
  } finally {
    feedback().message.destroy(PROGRESS_KEY);
  }
};

/**
 * The download/export button (building-blocks §3: exportParams, exportType, exportName, exportMethod): calls the export
 * function with the query (no paging) and exportParams. exportType text (the default): the answer is JSON, and on
 * resultCode 200 the user is offered the download centre; arraybuffer: the answer is the file itself, saved at once.
 */
const exportJob: ActionHandler = async (action, { store }) => {
  const { current: _c, pageNum: _p, page: _pg, currentPage: _cp, pageSize: _s, limit: _l, size: _z, ...query } = store.queryParams(1, 1);
  const params = { ...query, ...(action.exportParams ?? {}), ...(action.exportName ? { fileName: action.exportName } : {}) };
  if ((action.exportType ?? 'text') === 'arraybuffer') {
    const file = await fetchArrayBuffer(action.exportMethod!, params);
    saveBlob(new Blob([file.bytes], { type: XLSX_TYPE }), action.exportName ?? file.name ?? TEXT.export.defaultFileName);
    return;
  }
  const api = parseApiRef(action.exportMethod!);
  await callApi(action.exportMethod!, store.calling(api.method === 'GET' ? { params } : { data: params }));
  if (await askConfirm({ content: TEXT.export.jobCreated, okText: TEXT.export.goNow, cancelText: TEXT.export.notNow })) {
    window.location.hash = `#${DOWNLOAD_CENTRE_PATH}`;
  }
};

export const exportActions = { exportExcel, exportJob };
