import { Input, Modal } from 'antd';
import { useState } from 'react';
import { joinBatchLines, splitBatchValue } from '../form/batchInput';
import { TEXT } from '../../schemas/text/zh';

/** 请输入查询项（每行一个）: one query item per line, handed back as one comma-separated value (building-blocks §2 item 10). */
export function BatchQueryDialog({ value, onOk, onCancel }: { value: string | undefined; onOk(value: string): void; onCancel(): void }) {
  const [text, setText] = useState(() => splitBatchValue(value));
  return (
    <Modal
      open
      title={TEXT.form.batch.title}
      okText={TEXT.form.batch.ok}
      cancelText={TEXT.form.batch.cancel}
      onOk={() => onOk(joinBatchLines(text))}
      onCancel={onCancel}
      destroyOnHidden
      width={420}
    >
      <Input.TextArea className="dms-batch-text" value={text} rows={10} autoFocus onChange={(event) => setText(event.target.value)} />
    </Modal>
  );
}
