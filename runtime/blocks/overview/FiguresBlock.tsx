import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { TEXT } from '../../../schemas/text/zh';
import type { OverviewBlockProps } from './overviewBlock';
import { useAnswer } from './useAnswer';

type Figure = NonNullable<OverviewBlockProps['block']['figures']>[number];

// As the table shows numbers and money (runtime/table/formats.ts), without bringing the table's formats (and dayjs's
// parsing) into the first screen.
const FORMATS = {
  number: new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 }),
  money: new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** A plain decimal: formatted as text, so an amount sent as an exact decimal string is shown exactly, not as a float. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

function figureText(figure: Figure, value: unknown): string {
  const format = FORMATS[figure.type ?? 'number'];
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return format.format(value.trim() as `${number}`);
  const n = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : NaN;
  return Number.isFinite(n) ? format.format(n) : TEXT.overview.none;
}

/** A row of figures (label over value) from one call answering an object; 刷新 asks again. */
export default function FiguresBlock({ block, store }: OverviewBlockProps) {
  const answer = useAnswer<Record<string, unknown>>(store, block.api, block.params);
  return (
    <div className="dms-figures">
      <div className="dms-figures-row">
        {(block.figures ?? []).map((figure) => (
          <div key={figure.field} className="dms-figure">
            <div className="dms-figure-label">{figure.label}</div>
            <div className="dms-figure-value">{answer.data ? figureText(figure, answer.data[figure.field]) : TEXT.overview.none}</div>
          </div>
        ))}
      </div>
      <Button type="text" size="small" icon={<ReloadOutlined />} onClick={answer.reload}>
        {TEXT.overview.refresh}
      </Button>
    </div>
  );
}
