import { LoadingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { busy, type BusyState } from '../http/busy';
import { TEXT } from '../../schemas/text/zh';

const PLACEMENT = { position: 'fixed', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 2000 } as const;

/** Shows, without blocking the page, that the server is working on a request that has taken more than 100 ms. */
export const BusyIndicator = observer(function BusyIndicator({ state = busy }: { state?: BusyState }) {
  if (!state.visible) return null;
  return (
    <div className="dms-busy" role="status" aria-live="polite" style={PLACEMENT}>
      <Tag color="processing" icon={<LoadingOutlined />}>
        {TEXT.common.busy}
      </Tag>
    </div>
  );
});
