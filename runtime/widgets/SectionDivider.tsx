import { Divider } from 'antd';
import type { WidgetProps } from './widgetProps';

/** Section divider: a titled line across the whole row; it holds no value. */
export function SectionDivider({ id, field }: WidgetProps) {
  return (
    <div id={id} className="dms-section-divider">
      <Divider titlePlacement="start">{field.label}</Divider>
    </div>
  );
}
