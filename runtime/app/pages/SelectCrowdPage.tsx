import { Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { feedback } from '../feedback';
import { callApi } from '../../http/client';
import { getToken } from '../../http/credentials';
import { TEXT } from '../../../schemas/text/zh';
import { SignInFirst } from './SignInFirst';
import { dictionaries } from '../../stores/dictionaries';
import type { CrowdFilter, CrowdMember } from '../../../schemas/api/customers';
import type { Page } from '../../../schemas/api/page';

const PAGE_SIZE = 20;
/** What the page posts to the window that opened or embeds it. */
export const CROWD_MESSAGE_TYPE = 'dms:selectCrowd';

/** The window to hand the selection to: the embedding page, else the opener; none when opened on its own. */
function receiver(): Window | null {
  if (window.parent !== window) return window.parent;
  return window.opener as Window | null;
}

/**
 * /selectCrowd: picks a target group of customers (e.g. for a campaign of another system), filtered by name, phone,
 * gender, series and days since the last visit. 确 定 posts the selection to the window that opened or embeds the page
 * ({ type: 'dms:selectCrowd', customers }), to its own origin only.
 */
export const SelectCrowdPage = observer(function SelectCrowdPage() {
  const [filter, setFilter] = useState<CrowdFilter>({});
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<Page<CrowdMember>>({ total: 0, items: [] });
  const [selected, setSelected] = useState<Map<number, CrowdMember>>(new Map());
  const [loading, setLoading] = useState(false);
  const token = getToken();

  useEffect(() => {
    if (!token) return;
    let alive = true;
    setLoading(true);
    callApi<Page<CrowdMember>>('customer:GET crowd/customers', { params: { ...filter, current: pageNumber, pageSize: PAGE_SIZE } })
      .then((answer) => alive && setPage(answer), () => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [token, filter, pageNumber]);

  if (!token) return <SignInFirst title={TEXT.crowd.title} />;
  const confirm = () => {
    const customers = [...selected.values()];
    const target = receiver();
    if (target) {
      target.postMessage({ type: CROWD_MESSAGE_TYPE, customers }, window.location.origin);
      feedback().message.success(TEXT.crowd.sent(customers.length));
    } else {
      feedback().message.info(TEXT.crowd.noParent(customers.length));
    }
  };
  const search = (values: CrowdFilter) => {
    const cleaned = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as CrowdFilter;
    setFilter(cleaned);
    setPageNumber(1);
  };
  return (
    <div className="dms-standalone">
      <Typography.Title level={4}>{TEXT.crowd.title}</Typography.Title>
      <Form<CrowdFilter> layout="inline" onFinish={search} className="dms-crowd-filter">
        <Form.Item name="customerName" label="客户姓名">
          <Input allowClear maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label="手机号">
          <Input allowClear maxLength={11} />
        </Form.Item>
        <Form.Item name="gender" label="性别">
          <Select allowClear className="dms-crowd-select" options={dictionaries.options('1002').map((o) => ({ value: String(o.value), label: o.text }))} />
        </Form.Item>
        <Form.Item name="seriesName" label="车系">
          <Input allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="idleDays" label={TEXT.crowd.idleDays}>
          <InputNumber min={0} max={3650} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {TEXT.onepage.search}
        </Button>
      </Form>
      <Table<CrowdMember>
        size="small"
        rowKey="customerId"
        loading={loading}
        dataSource={page.items}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(new Map(rows.filter(Boolean).map((row) => [row.customerId, row]))),
        }}
        pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total: page.total, showSizeChanger: false, showTotal: (total) => TEXT.table.total(total), onChange: setPageNumber }}
        columns={[
          { title: '客户姓名', dataIndex: 'customerName', width: 100 },
          { title: '手机号', dataIndex: 'phone', width: 130 },
          { title: '性别', dataIndex: 'gender', width: 60, render: (code: string | null) => dictionaries.options('1002').find((o) => o.value === code)?.text ?? '' },
          { title: '车辆', dataIndex: 'vehicles' },
          { title: '最近进厂', dataIndex: 'lastVisit', width: 110 },
        ]}
      />
      <Space className="dms-crowd-footer">
        <Typography.Text>{TEXT.crowd.selected(selected.size)}</Typography.Text>
        <Button type="primary" disabled={selected.size === 0} onClick={confirm}>
          {TEXT.crowd.confirm}
        </Button>
      </Space>
    </div>
  );
});
