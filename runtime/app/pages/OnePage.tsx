import { Card, Descriptions, Input, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { callApi } from '../../http/client';
import { getToken } from '../../http/credentials';
import { TEXT } from '../../../schemas/text/zh';
import { SignInFirst } from './SignInFirst';
import { dictionaries } from '../../stores/dictionaries';
import type { VehicleOverview } from '../../../schemas/api/customers';

const VIN_LENGTH = 17;
const dictText = (type: string, code: string | null) => dictionaries.options(type).find((o) => o.value === code)?.text ?? code ?? '';

/**
 * /onepage: the single-record overview of one vehicle (back-office §1), its owner and its repair history, opened by
 * another system with ?vin= or ?plateNo= (and usually ?token=). Standalone: no menu, no tabs.
 */
export const OnePage = observer(function OnePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const vin = query.get('vin') ?? undefined;
  const plateNo = query.get('plateNo') ?? undefined;
  const [typed, setTyped] = useState(vin ?? plateNo ?? '');
  const [overview, setOverview] = useState<VehicleOverview | null>(null);
  const [loading, setLoading] = useState(false);
  const token = getToken();

  useEffect(() => {
    setOverview(null);
    if (!token || (!vin && !plateNo)) return;
    let alive = true;
    setLoading(true);
    callApi<VehicleOverview>('repair:GET onepage/vehicle', { params: vin ? { vin } : { plateNo } })
      .then((answer) => alive && setOverview(answer), () => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [token, vin, plateNo]);

  if (!token) return <SignInFirst title={TEXT.onepage.title} />;
  const search = (value: string) => {
    const text = value.trim().toUpperCase();
    if (text) navigate(`/onepage?${new URLSearchParams(text.length === VIN_LENGTH ? { vin: text } : { plateNo: text }).toString()}`, { replace: true });
  };
  return (
    <div className="dms-standalone">
      <Space className="dms-standalone-head" align="center">
        <Typography.Title level={4}>{TEXT.onepage.title}</Typography.Title>
        <Input.Search value={typed} onChange={(e) => setTyped(e.target.value)} onSearch={search} placeholder={TEXT.onepage.searchPlaceholder} enterButton={TEXT.onepage.search} allowClear />
      </Space>
      {!overview ? (
        <Card loading={loading}>{loading ? null : <Typography.Text type="secondary">{TEXT.onepage.notFound}</Typography.Text>}</Card>
      ) : (
        <Space orientation="vertical" size="middle" className="dms-standalone-body">
          <Card size="small" title={TEXT.onepage.vehicle}>
            <Descriptions size="small" column={4}>
              <Descriptions.Item label="VIN">{overview.vehicle.vin}</Descriptions.Item>
              <Descriptions.Item label="车牌号">{overview.vehicle.plateNo}</Descriptions.Item>
              <Descriptions.Item label="车系">{overview.vehicle.seriesName}</Descriptions.Item>
              <Descriptions.Item label="车型">{overview.vehicle.modelName}</Descriptions.Item>
              <Descriptions.Item label="颜色">{overview.vehicle.colorName}</Descriptions.Item>
              <Descriptions.Item label="购车日期">{overview.vehicle.purchaseDate}</Descriptions.Item>
              <Descriptions.Item label="经销商" span={2}>
                {overview.vehicle.dealerName}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={TEXT.onepage.customer}>
            <Descriptions size="small" column={4}>
              <Descriptions.Item label="车主">{overview.customer.customerName}</Descriptions.Item>
              <Descriptions.Item label="电话">{overview.customer.phone}</Descriptions.Item>
              <Descriptions.Item label="性别">{dictText('1002', overview.customer.gender)}</Descriptions.Item>
              <Descriptions.Item label="地址">{overview.customer.address}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={`${TEXT.onepage.history}（${overview.repairOrders.length}）`}>
            <Table
              size="small"
              rowKey="roNo"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={overview.repairOrders}
              columns={[
                { title: '工单号', dataIndex: 'roNo', width: 190 },
                { title: '开单时间', dataIndex: 'createdAt', width: 170 },
                { title: '维修类型', dataIndex: 'repairTypeName', width: 110 },
                { title: '工单状态', dataIndex: 'status', width: 100, render: (code: string) => dictText('8021', code) },
                { title: '进厂里程', dataIndex: 'mileage', width: 100, align: 'right' },
                { title: '金额（元）', dataIndex: 'amount', width: 120, align: 'right', render: (amount: number) => amount.toFixed(2) },
                { title: '服务顾问', dataIndex: 'serviceAdvisorName', width: 100 },
                { title: '备注', dataIndex: 'remark' },
              ]}
            />
          </Card>
        </Space>
      )}
    </div>
  );
});
