import { Drawer } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { UserWatermark } from './UserWatermark';

export type DrawerPlacement = 'right' | 'left' | 'top' | 'bottom';

/** Drawer constants (back-office §9, building-blocks §9): from the right, width 500 (or 70%), height 300, z-index 100. */
export const DRAWER_DEFAULTS = { placement: 'right', width: 500, wideWidth: '70%', height: 300, zIndex: 100 } as const;

export interface DmsDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  placement?: DrawerPlacement;
  /** Width of a left or right drawer: 500 by default, or '70%'. */
  width?: number | string;
  /** Height of a top or bottom drawer: 300 by default. */
  height?: number | string;
  mask?: boolean;
  maskClosable?: boolean;
  /** Called when the opening or closing transition has ended (true: now open). */
  onTransitionEnd?(open: boolean): void;
  children?: ReactNode;
}

/** Locks the page's scrolling while open; the style is set through the CSSOM, which a strict CSP allows. */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [locked]);
}

/** The drawer panel: title, close button, mask (optionally closing on click), scroll lock and the user's watermark. */
export function DmsDrawer({ open, title, onClose, placement = DRAWER_DEFAULTS.placement, width, height, mask = true, maskClosable = true, onTransitionEnd, children }: DmsDrawerProps) {
  useScrollLock(open);
  const horizontal = placement === 'left' || placement === 'right';
  return (
    <Drawer
      open={open}
      title={title}
      placement={placement}
      size={horizontal ? (width ?? DRAWER_DEFAULTS.width) : (height ?? DRAWER_DEFAULTS.height)}
      zIndex={DRAWER_DEFAULTS.zIndex}
      mask={mask ? { closable: maskClosable } : false}
      closable
      onClose={onClose}
      afterOpenChange={(now) => onTransitionEnd?.(now)}
      rootClassName="dms-drawer"
      destroyOnHidden
    >
      <UserWatermark>
        <div className="dms-drawer-body">{children}</div>
      </UserWatermark>
    </Drawer>
  );
}
