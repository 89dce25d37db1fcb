// The live preview: the screen rendered by the runtime itself against the server's data, under the permissions of a
// menu (the one the screen is published to, else one that grants its table api); problems shown in its place.
import { Alert, Select, Space, Typography } from 'antd';
import { memo } from 'react';
import { menuRightsOf } from '../runtime/app/pages/menuRights';
import { ScreenErrorBoundary } from '../runtime/screen/ScreenErrorBoundary';
import { ScreenErrorView } from '../runtime/screen/ScreenErrorView';
import { ScreenView } from '../runtime/screen/ScreenView';
import type { MenuItem } from '../runtime/stores/session';
import type { TextCheck } from './screenCheck';
import { EDITOR_TEXT } from './text';

export interface PreviewState {
  check: TextCheck;
  /** Changes when the rendered screen changes, so the runtime's per-screen store starts afresh. */
  revision: number;
}

interface PreviewPaneProps {
  screenId: string;
  state: PreviewState | null;
  menu: MenuItem | undefined;
  menus: MenuItem[];
  onMenu: (menuId: string) => void;
}

export const PreviewPane = memo(function PreviewPane({ screenId, state, menu, menus, onMenu }: PreviewPaneProps) {
  const check = state?.check;
  return (
    <div className="dms-editor-preview" data-testid="screen-preview">
      <Space className="dms-editor-preview-bar">
        <Typography.Text strong>{EDITOR_TEXT.preview.title}</Typography.Text>
        <Typography.Text type="secondary">{EDITOR_TEXT.preview.menu}</Typography.Text>
        <Select
          size="small"
          style={{ width: 220 }}
          value={menu?.id}
          placeholder={EDITOR_TEXT.preview.noMenu}
          options={menus.map((m) => ({ value: m.id, label: `${m.meta.title}（${m.id}）` }))}
          onChange={onMenu}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Space>
      <div className="dms-editor-preview-body">
        {check?.kind === 'json' ? <Alert type="error" showIcon title={EDITOR_TEXT.preview.invalidJson(check.message)} /> : null}
        {check?.kind === 'problems' ? <ScreenErrorView screenId={screenId} problems={check.problems} /> : null}
        {check?.kind === 'screen' ? (
          <ScreenErrorBoundary key={`${state!.revision}:${menu?.id ?? ''}`} screenId={check.screen.id}>
            <ScreenView screen={check.screen} grantedKeys={menu?.permission ?? []} menuRights={menu ? menuRightsOf(menu.id) : undefined} menu={menu ? { menuId: menu.id } : undefined} />
          </ScreenErrorBoundary>
        ) : null}
      </div>
    </div>
  );
});
