import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { maskValue, type MaskKind } from '../form/masking';
import { TEXT } from '../../schemas/text/zh';

/**
 * A read-only value with a mask (back-office §5): masked while the eye state is on (the default), shown in full after
 * a click on the eye.
 */
export function MaskedValue({ id, kind, value }: { id: string; kind: MaskKind; value: string }) {
  const [masked, setMasked] = useState(true);
  return (
    <Input
      id={id}
      disabled
      value={masked ? maskValue(kind, value) : value}
      suffix={
        <Button
          type="text"
          size="small"
          className="dms-mask-toggle"
          aria-label={masked ? TEXT.form.showMasked : TEXT.form.hideMasked}
          icon={masked ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setMasked(!masked)}
        />
      }
    />
  );
}
