// The audit log in words (issue 20: staff read HTTP codes and raw keys): the operation is the label of the button that
// makes the call on the menu's screen (新增, 保 存, 标记已读 ...), else a verb of the method; the result is 成功 or the
// kind of refusal. Read at listing time from the published screens, so a renamed button renames its history too.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RESULT_OK } from '../http/errors';
import { publishedDefinition } from './screenStore';

interface ScreenButtons {
  permissions?: Record<string, string>;
  toolbar?: { label: string; permission?: string }[];
  rowActions?: { label: string; permission?: string }[];
}

const VERBS: Record<string, string> = { POST: '提交', PUT: '修改', PATCH: '修改', DELETE: '删除' };

/** The editors' pages (页面管理, 模型管理) are not screens: their buttons are named here. A model check is a POST too,
 * made as the configurator types. */
const PAGE_OPERATIONS: Record<string, string> = {
  'POST_lowcode_designer/screens': '新建页面',
  'PUT_lowcode_designer/screens/{id}': '保存页面',
  'POST_lowcode_designer/screens/{id}/publish': '发布页面',
  'POST_lowcode_designer/screens/{id}/rollback': '回滚页面',
  'POST_lowcode_designer/models/check': '检查模型',
  'POST_lowcode_designer/models': '新建模型',
  'PUT_lowcode_designer/models/{name}': '保存模型',
  'POST_lowcode_designer/models/{name}/publish': '发布模型',
  'POST_lowcode_designer/models/{name}/rollback': '回滚模型',
};

const RESULTS: Record<number, string> = {
  400: '失败：参数不正确',
  403: '拒绝：无权限',
  404: '失败：记录不存在或无权访问',
  409: '失败：数据已被修改或已存在',
  413: '失败：内容过大',
  415: '失败：内容类型不支持',
  429: '拒绝：操作过于频繁',
  500: '失败：系统出错',
};

export function resultWords(resultCode: number): string {
  if (resultCode === RESULT_OK) return '成功';
  return RESULTS[resultCode] ?? `失败（${resultCode}）`;
}

/** Button labels by menu id and permission key, from the screens the menus open. */
export async function buttonLabels(db: Kysely<Database>): Promise<Map<string, string>> {
  const menus = await db.selectFrom('menus').select(['id', 'component']).where('component', 'like', 'screen:%').execute();
  const labels = new Map<string, string>();
  await Promise.all(
    menus.map(async (menu) => {
      let screen: ScreenButtons;
      try {
        screen = (await publishedDefinition(db, menu.component!.slice('screen:'.length))) as ScreenButtons;
      } catch {
        return; // A menu whose screen is not published has no buttons to name.
      }
      for (const button of [...(screen.toolbar ?? []), ...(screen.rowActions ?? [])]) {
        const key = button.permission && screen.permissions?.[button.permission];
        if (key && !labels.has(`${menu.id} ${key}`)) labels.set(`${menu.id} ${key}`, button.label.replace(/\s+/g, ''));
      }
    }),
  );
  return labels;
}

/** The operation of an entry: its button's label on that menu, an editor page's operation, else its method's verb. */
export function operationWords(labels: ReadonlyMap<string, string>, menuId: string | null, permissionKey: string): string {
  const label = menuId ? labels.get(`${menuId} ${permissionKey}`) : undefined;
  if (label) return label;
  if (PAGE_OPERATIONS[permissionKey]) return PAGE_OPERATIONS[permissionKey];
  const method = /^([A-Z]+)[_ ]/.exec(permissionKey)?.[1] ?? '';
  return VERBS[method] ?? '操作';
}
