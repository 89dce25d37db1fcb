import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { defaultValues } from '../form/formModel';
import { splitRanges } from '../form/ranges';
import { ScreenForm } from '../form/ScreenForm';
import { TEXT } from '../i18n/zh';
import type { ScreenStore } from '../screen/ScreenStore';

const FILTER_COLS = 4;
const FILTER_LABEL_WIDTH = 80;

/** The query filter bar: the screen's filter fields, 查询 (also on Enter) and 重置 (back to the defaults, and search). */
export function FilterBar({ store }: { store: ScreenStore }) {
  const filter = store.screen.filter;
  const [generation, setGeneration] = useState(0);
  const defaults = useMemo(() => defaultValues(filter?.fields ?? []), [filter]);
  if (!filter || filter.fields.length === 0) return null;
  const reset = () => {
    setGeneration((g) => g + 1);
    void store.search(splitRanges(filter.fields.map((f) => f.fieldName), defaults));
  };
  return (
    <ScreenForm
      key={generation}
      className="dms-filter-bar"
      fields={filter.fields}
      cols={filter.cols ?? FILTER_COLS}
      labelWidth={filter.labelWidth ?? FILTER_LABEL_WIDTH}
      mode="filter"
      idPrefix="filter"
      initialData={defaults}
      onSubmit={(values) => void store.search(values)}
    >
      <Space className="dms-filter-actions">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {TEXT.form.search}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset}>
          {TEXT.form.reset}
        </Button>
      </Space>
    </ScreenForm>
  );
}
