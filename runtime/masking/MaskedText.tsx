import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { maskValue, type MaskType } from './masks';

/** A value in running text (概览's reminders, the vehicle overview) masked by its type while the eye is on (the
 * default), shown in full after a click on the eye, like a masked table column. */
export function MaskedText({ type, value }: { type: MaskType; value: string | null | undefined }) {
  const [masked, setMasked] = useState(true);
  if (!value) return null;
  return (
    <span className="dms-masked-text">
      <span>{masked ? maskValue(type, value) : value}</span>
      <button
        type="button"
        className="dms-mask-eye"
        aria-label={masked ? TEXT.form.showMasked : TEXT.form.hideMasked}
        onClick={() => setMasked(!masked)}
      >
        {masked ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      </button>
    </span>
  );
}
