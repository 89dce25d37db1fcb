// The bulk action (screen JSON action type `bulk`): one operation on the table's selected rows. It asks first, naming
// the count, then either calls the api once per row (a path with a {placeholder}, e.g. a model's transition
// POST orders/{id}/dispatch) or once with every id ({ ids } in the body; the answer may list `failures`). When some rows
// fail, the user sees which and why instead of one error per row.
import { askConfirm, feedback } from '../app/feedback';
import { ApiFailure, callApi, type CallOptions } from '../http/client';
import { renderTemplate } from '../../schemas/expression/template';
import { TEXT } from '../../schemas/text/zh';
import type { Action } from '../../schemas/screen/screen.types';
import type { ActionHandler } from '../screen/screenExtensions';
import type { Row } from '../screen/ScreenStore';

/** Requests in flight at once for per-row calls: enough to be quick, few enough to leave the server to others. */
const PER_ROW_CONCURRENCY = 4;

export interface BulkFailure {
  row: Row;
  message: string;
}

/** What the one-call form's answer may say: the ids that failed, each with its reason. */
interface BulkAnswer {
  failures?: { id: unknown; message?: string }[];
}

const PLACEHOLDER = /\{[a-zA-Z][a-zA-Z0-9_]*\}/;

export async function runBulk(action: Action, rows: Row[], rowKey: string, under: Pick<CallOptions, 'menuId'> = {}): Promise<BulkFailure[]> {
  const api = action.api!;
  if (PLACEHOLDER.test(api)) return perRow(api, rows, under);
  const answer = await callApi<BulkAnswer | null>(api, { ...under, data: { ids: rows.map((row) => row[rowKey]) } });
  const byId = new Map(rows.map((row) => [String(row[rowKey]), row]));
  return (answer?.failures ?? []).flatMap((failure) => {
    const row = byId.get(String(failure.id));
    return row ? [{ row, message: failure.message ?? TEXT.bulk.failedUnknown }] : [];
  });
}

async function perRow(api: string, rows: Row[], under: Pick<CallOptions, 'menuId'>): Promise<BulkFailure[]> {
  const failures: BulkFailure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        await callApi(api, { ...under, values: row, silent: true });
      } catch (error) {
        failures.push({ row, message: error instanceof ApiFailure || error instanceof Error ? error.message : TEXT.bulk.failedUnknown });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PER_ROW_CONCURRENCY, rows.length) }, worker));
  // Reported in the order of the selection, whatever order the answers came in.
  return failures.sort((a, b) => rows.indexOf(a.row) - rows.indexOf(b.row));
}

export const bulk: ActionHandler = async (action, { store }) => {
  const rows = store.selection;
  if (rows.length === 0) {
    feedback().message.warning(TEXT.bulk.selectFirst);
    return;
  }
  const scope = { selection: rows, count: rows.length };
  const content = action.message === undefined ? TEXT.bulk.confirm(rows.length) : renderTemplate(action.message, scope);
  if (!(await askConfirm({ content, title: action.title }))) return;
  const failures = await runBulk(action, rows, store.screen.table?.rowKey ?? 'id', store.calling({}));
  if (failures.length === 0) {
    feedback().message.success(action.successMessage === undefined ? TEXT.bulk.done(rows.length) : renderTemplate(action.successMessage, scope));
  } else {
    const label = (row: Row) => (action.rowLabel === undefined ? String(row[store.screen.table?.rowKey ?? 'id'] ?? '') : renderTemplate(action.rowLabel, row));
    feedback().modal.warning({
      title: TEXT.bulk.resultTitle,
      content: (
        <div data-bulk-result>
          <p>{TEXT.bulk.summary(rows.length - failures.length, failures.length)}</p>
          <ul>
            {failures.map((failure, i) => (
              <li key={i}>{TEXT.bulk.failedRow(label(failure.row), failure.message)}</li>
            ))}
          </ul>
        </div>
      ),
      okText: TEXT.common.ok,
    });
  }
  await store.reload();
};
