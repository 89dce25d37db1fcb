import { Watermark } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { session } from '../../stores/session';

/** Watermark (back-office §9): tilted 25 degrees, 120 px apart, the signed-in user's name and employee number. */
export const WATERMARK = { rotate: -25, gap: 120 } as const;

export const watermarkText = (info: { name: string; employeeNo: string } | null): string[] => (info ? [info.name, info.employeeNo] : []);

export const UserWatermark = observer(function UserWatermark({ children }: { children: ReactNode }) {
  return (
    <Watermark className="dms-watermark" content={watermarkText(session.loginInfo)} rotate={WATERMARK.rotate} gap={[WATERMARK.gap, WATERMARK.gap]}>
      {children}
    </Watermark>
  );
});
