import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, type ModalProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { TEXT } from '../../../schemas/text/zh';

/** Dialog defaults (back-office §9): width 60%, top 10vh, the fullscreen toggle shown; fullscreen cleared 300 ms after closing. */
export const DIALOG_DEFAULTS = { width: '60%', top: '10vh', showFullscreen: true, fullscreenResetMs: 300 } as const;

export interface DmsDialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  width?: string | number;
  top?: string;
  showFullscreen?: boolean;
  footer?: ModalProps['footer'];
  /** Clicking the mask closes the dialog (off by default: a half-filled form is not lost by a stray click). */
  maskClosable?: boolean;
  destroyOnHidden?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * The product's modal dialog: visible or hidden, with a fullscreen toggle beside the close button. The fullscreen state
 * outlives the closing animation and is cleared 300 ms after the dialog closes, so it reopens at its normal size.
 */
export function DmsDialog({ open, title, onClose, width = DIALOG_DEFAULTS.width, top = DIALOG_DEFAULTS.top, showFullscreen = DIALOG_DEFAULTS.showFullscreen, footer, maskClosable = false, destroyOnHidden = true, className, children }: DmsDialogProps) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setFullscreen(false), DIALOG_DEFAULTS.fullscreenResetMs);
    return () => clearTimeout(timer);
  }, [open]);
  const toggle = showFullscreen ? (
    <Button
      type="text"
      size="small"
      className="dms-dialog-fullscreen"
      aria-label={fullscreen ? TEXT.dialog.exitFullscreen : TEXT.dialog.fullscreen}
      title={fullscreen ? TEXT.dialog.exitFullscreen : TEXT.dialog.fullscreen}
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => setFullscreen((f) => !f)}
    />
  ) : null;
  return (
    <Modal
      open={open}
      title={
        <div className="dms-dialog-title">
          <span>{title}</span>
          {toggle}
        </div>
      }
      width={fullscreen ? '100%' : width}
      style={{ top: fullscreen ? 0 : top }}
      className={[className, fullscreen ? 'dms-dialog-is-fullscreen' : ''].filter(Boolean).join(' ')}
      mask={{ closable: maskClosable }}
      destroyOnHidden={destroyOnHidden}
      onCancel={onClose}
      footer={footer}
    >
      {children}
    </Modal>
  );
}
