import { Button, Empty, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { renderTemplate } from '../../../schemas/expression/template';
import { TEXT } from '../../../schemas/text/zh';
import type { Page } from '../../../schemas/api/page';
import { callApi } from '../../http/client';
import { MaskedText } from '../../masking/MaskedText';
import type { OverviewBlockProps } from './overviewBlock';
import { useAnswer, type Answer } from './useAnswer';

type Block = OverviewBlockProps['block'];
type Item = Record<string, unknown>;
type ListDefinition = NonNullable<Block['lists']>[number];

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function ItemLine({ block, item }: { block: Block; item: Item }) {
  return (
    <div className="dms-list-line">
      {(block.line ?? []).map((part) => {
        const value = textOf(item[part.field]);
        if (value === '') return null;
        if (part.style === 'tag') return <Tag key={part.field}>{value}</Tag>;
        const text = part.mask ? <MaskedText type={part.mask} value={value} /> : value;
        return part.style === 'secondary' ? (
          <Typography.Text key={part.field} type="secondary">
            {text}
          </Typography.Text>
        ) : (
          <span key={part.field}>{text}</span>
        );
      })}
    </div>
  );
}

// Plain markup rather than antd's List: List brings Pagination, and with it Select and a virtual list (about 30 KB
// gzip), into the first screen of every sign-in (issue 20).
function Items({ block, store, answer }: OverviewBlockProps & { answer: Answer<Page<Item>> }) {
  const [acting, setActing] = useState(false);
  const items = answer.data?.items ?? [];
  if (answer.done && items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={block.emptyText} />;
  const act = async (item: Item) => {
    const action = block.itemAction!;
    setActing(true);
    const options = { values: item };
    try {
      await callApi(action.api, store.calling ? store.calling(options) : options);
      answer.reload();
    } catch {
      // The http client has told the user why (off 概览, where it stays quiet).
    } finally {
      setActing(false);
    }
  };
  return (
    <ul className="dms-list">
      {items.map((item, i) => (
        <li key={textOf(item.id) || i} className="dms-list-item">
          <div className="dms-list-body">
            <ItemLine block={block} item={item} />
            {block.detail ? (
              <Typography.Text type="secondary" className="dms-list-detail">
                {renderTemplate(block.detail, item)}
              </Typography.Text>
            ) : null}
          </div>
          {block.itemAction ? (
            <Button type="link" size="small" disabled={acting} onClick={() => void act(item)}>
              {block.itemAction.label}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ListPane({ block, store, list, onTotal }: OverviewBlockProps & { list: ListDefinition; onTotal(total: number): void }) {
  const answer = useAnswer<Page<Item>>(store, list.api, list.params);
  const total = answer.data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal(total);
  }, [total, onTotal]);
  return <Items block={block} store={store} answer={answer} />;
}

/** One list, or several as tabs, each a page of records from its call; a record's button calls an api, then the list
 * is asked for again. Every list is asked for when the block shows (hidden tabs too): the titles carry their totals. */
export default function ListBlock({ block, store }: OverviewBlockProps) {
  const [totals, setTotals] = useState<readonly (number | undefined)[]>([]);
  const lists = block.lists ?? [];
  const onTotal = useMemo(
    () => lists.map((_, i) => (total: number) => setTotals((known) => Object.assign([...known], { [i]: total }))),
    [lists],
  );
  const title = (i: number) => renderTemplate(lists[i]!.title, { total: totals[i] ?? TEXT.overview.none });
  const pane = (i: number) => <ListPane block={block} store={store} list={lists[i]!} onTotal={onTotal[i]!} />;
  if (lists.length === 1) {
    return (
      <div className="dms-list-block">
        <Typography.Text strong>{title(0)}</Typography.Text>
        {pane(0)}
      </div>
    );
  }
  return <Tabs size="small" items={lists.map((_, i) => ({ key: String(i), label: title(i), children: pane(i), forceRender: true }))} />;
}
