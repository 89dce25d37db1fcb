import { Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { evaluateCondition } from '../../schemas/expression/expression';
import type { ScreenStore } from '../screen/ScreenStore';
import { ActionButton } from './ActionButton';

export const Toolbar = observer(function Toolbar({ store }: { store: ScreenStore }) {
  const buttons = (store.screen.toolbar ?? []).filter((b) => store.can(b.permission, b.control) && evaluateCondition(b.visible, { selection: store.selection }, true));
  if (buttons.length === 0) return null;
  return (
    <Space className="dms-toolbar" size={8}>
      {buttons.map((button) => (
        <ActionButton key={button.label} button={button} context={{ store }} />
      ))}
    </Space>
  );
});
