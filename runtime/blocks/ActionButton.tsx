import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runAction, type ActionContext } from '../screen/screenExtensions';
import type { Button as ButtonDefinition } from '../../schemas/screen/screen.types';
import { ButtonLock } from './buttonLock';
import type { ButtonDisabled } from './buttonState';

/**
 * A screen button: locked while its action runs and briefly after (see buttonLock.ts); a failing handler is logged,
 * the user was told by the http client. A button whose disabled condition holds is drawn disabled, its reason (when
 * the definition gives one) shown on hover, and a click on it does nothing.
 */
export function ActionButton({ button, context, link = false, disabled }: { button: ButtonDefinition; context: ActionContext; link?: boolean; disabled?: ButtonDisabled | undefined }) {
  const [locked, setLocked] = useState(false);
  const lock = useRef<ButtonLock | null>(null);
  lock.current ??= new ButtonLock(setLocked);
  useEffect(() => () => lock.current?.dispose(), []);
  const onClick = () => {
    if (disabled) return;
    void lock.current!.click(() => runAction(button.action, context));
  };
  const drawn = (
    <Button
      type={link ? 'link' : button.primary ? 'primary' : 'default'}
      danger={button.danger}
      size="small"
      loading={locked}
      disabled={disabled !== undefined}
      onClick={onClick}
      className={link ? 'dms-link-button' : undefined}
    >
      {button.label}
    </Button>
  );
  // Browsers send no mouse events to a disabled button: the reason's tooltip listens on a wrapper.
  return disabled?.reason ? (
    <Tooltip title={disabled.reason}>
      <span className="dms-disabled-reason">{drawn}</span>
    </Tooltip>
  ) : (
    drawn
  );
}
