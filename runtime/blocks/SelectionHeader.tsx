import { InfoCircleOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../i18n/zh';
import type { ScreenStore } from '../screen/ScreenStore';

/** The selection and total header above a table (back-office §2, BB-TBL-07): how many rows are chosen of how many. */
export const SelectionHeader = observer(function SelectionHeader({ store }: { store: ScreenStore }) {
  return (
    <div className="dms-selection-header" role="status">
      <InfoCircleOutlined />
      <span>{TEXT.selection.summary(store.selection.length, store.total)}</span>
    </div>
  );
});
