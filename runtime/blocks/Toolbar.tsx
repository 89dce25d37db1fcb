import { Space } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ScreenStore } from '../screen/ScreenStore';
import { ActionButton } from './ActionButton';
import { buttonDisabled, buttonScope, buttonShown } from './buttonState';

/** The toolbar's buttons; their conditions read the selection and the screen's context, and follow them (observed). */
export const Toolbar = observer(function Toolbar({ store }: { store: ScreenStore }) {
  const scope = buttonScope(store, { selection: store.selection });
  const buttons = (store.screen.toolbar ?? []).filter((b) => buttonShown(store, b, scope));
  if (buttons.length === 0) return null;
  return (
    <Space className="dms-toolbar" size={8}>
      {buttons.map((button) => (
        <ActionButton key={button.label} button={button} context={{ store }} disabled={buttonDisabled(button, scope)} />
      ))}
    </Space>
  );
});
