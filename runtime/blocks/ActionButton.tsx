import { Button } from 'antd';
import { useState } from 'react';
import { runAction, type ActionContext } from '../registries/actions';
import type { Button as ButtonDefinition } from '../screen/screen.types';

/** A screen button: locked while its action runs; a failing handler is logged, the user was told by the http client. */
export function ActionButton({ button, context, link = false }: { button: ButtonDefinition; context: ActionContext; link?: boolean }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await runAction(button.action, context);
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={link ? 'link' : button.primary ? 'primary' : 'default'}
      danger={button.danger}
      size="small"
      loading={busy}
      onClick={onClick}
      className={link ? 'dms-link-button' : undefined}
    >
      {button.label}
    </Button>
  );
}
