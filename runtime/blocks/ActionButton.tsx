import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runAction, type ActionContext } from '../screen/screenExtensions';
import type { Button as ButtonDefinition } from '../../schemas/screen/screen.types';
import { ButtonLock } from './buttonLock';

/** A screen button: locked while its action runs and briefly after (see buttonLock.ts); a failing handler is logged,
 * the user was told by the http client. */
export function ActionButton({ button, context, link = false }: { button: ButtonDefinition; context: ActionContext; link?: boolean }) {
  const [locked, setLocked] = useState(false);
  const lock = useRef<ButtonLock | null>(null);
  lock.current ??= new ButtonLock(setLocked);
  useEffect(() => () => lock.current?.dispose(), []);
  const onClick = () => void lock.current!.click(() => runAction(button.action, context));
  return (
    <Button
      type={link ? 'link' : button.primary ? 'primary' : 'default'}
      danger={button.danger}
      size="small"
      loading={locked}
      onClick={onClick}
      className={link ? 'dms-link-button' : undefined}
    >
      {button.label}
    </Button>
  );
}
