import { ReloadOutlined, StarFilled } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../http/client';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { starredMenus } from '../../stores/starredMenus';
import { menuIcon } from '../menuIcons';
import { openMenuPage } from '../routes/tabLimit';
import type { DailyOrderCount, HomePageSum } from '../../../schemas/api/home';
import type { ReminderView } from '../../../schemas/api/messages';
import type { Page } from '../../../schemas/api/page';
import { MaskedText } from '../../masking/MaskedText';

const TREND_DAYS = 7;
const REMINDERS_SHOWN = 5;
const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface HomeData {
  sum: HomePageSum;
  trend: DailyOrderCount[];
  healthChecks: Page<ReminderView>;
  followUps: Page<ReminderView>;
}

async function loadHomeData(): Promise<HomeData> {
  const unread = { readFlag: '0', current: 1, pageSize: REMINDERS_SHOWN };
  const [sum, trend, healthChecks, followUps] = await Promise.all([
    callApi<HomePageSum>('repair:GET RepairCount/gethomePageInterfaceSum'),
    callApi<DailyOrderCount[]>('report:GET RepairCount/getRepairOrderNum', { params: { days: TREND_DAYS } }),
    callApi<Page<ReminderView>>('repair:GET vehicleHealthCheckSAReminder/selectSAReminder', { params: unread }),
    callApi<Page<ReminderView>>('repair:GET vehicleHealthCheckSAReminder/lookFeedbackReminder', { params: unread }),
  ]);
  return { sum, trend, healthChecks, followUps };
}

function Trend({ days }: { days: DailyOrderCount[] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <div className="dms-trend" role="list">
      {days.map((d) => (
        <div key={d.day} className="dms-trend-day" role="listitem" title={`${d.day}：${d.count} ${TEXT.home.unitOrders}`}>
          <span className="dms-trend-count">{d.count}</span>
          <span className="dms-trend-bar" style={{ height: `${(d.count / max) * 100}%` }} />
          <span className="dms-trend-label">{d.day.slice(5)}</span>
        </div>
      ))}
    </div>
  );
}

// Plain markup rather than antd's List: List brings Pagination, and with it Select and a virtual list (about 30 KB
// gzip) into the first screen of every sign-in (issue 20).
function ReminderList({ page, onRead }: { page: Page<ReminderView>; onRead: (reminder: ReminderView) => void }) {
  if (page.items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.home.noReminders} />;
  return (
    <ul className="dms-reminders">
      {page.items.map((reminder) => (
        <li key={reminder.id} className="dms-reminder">
          <div className="dms-reminder-body">
            <Space>
              <Tag>{reminder.plateNo}</Tag>
              {reminder.customerName}
              <Typography.Text type="secondary">
                <MaskedText type="phone" value={reminder.phone} />
              </Typography.Text>
            </Space>
            <Typography.Text type="secondary" className="dms-reminder-text">{`${reminder.dueDate}　${reminder.content}`}</Typography.Text>
          </div>
          <Button type="link" size="small" onClick={() => onRead(reminder)}>
            {TEXT.home.markRead}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** 概览: the workshop of the user's scope right now, the last days' orders, the reminders to act on, and the way in. */
export const HomePage = observer(function HomePage() {
  const navigate = useNavigate();
  const [data, setData] = useState<HomeData | null>(null);
  const load = useCallback(() => {
    loadHomeData().then(setData, () => undefined);
  }, []);
  useEffect(load, [load]);

  const user = session.user;
  if (!user) return null;
  const markRead = async (reminder: ReminderView) => {
    await callApi('repair:PUT reminders/{id}/read', { values: { id: reminder.id } }).catch(() => undefined);
    load();
  };
  const sum = data?.sum;
  const figures: [string, number | undefined, boolean?][] = [
    [TEXT.home.waitingDispatch, sum?.waitingDispatch],
    [TEXT.home.inRepair, sum?.inRepair],
    [TEXT.home.finishedUnsettled, sum?.finishedUnsettled],
    [TEXT.home.openedToday, sum?.openedToday],
    [TEXT.home.openedThisMonth, sum?.openedThisMonth],
    [TEXT.home.settledAmountThisMonth, sum?.settledAmountThisMonth, true],
  ];
  return (
    <div className="dms-home">
      <Typography.Title level={4}>{TEXT.layout.homeGreeting(user.employeeName)}</Typography.Title>
      <Descriptions size="small" column={4} bordered>
        <Descriptions.Item label="工号">{user.employeeNo}</Descriptions.Item>
        <Descriptions.Item label="账号">{user.userCode}</Descriptions.Item>
        <Descriptions.Item label="所属组织">{user.orgName}</Descriptions.Item>
        <Descriptions.Item label="经销商代码">{user.ownerCode || '—'}</Descriptions.Item>
      </Descriptions>
      <Card
        className="dms-home-card"
        size="small"
        title={TEXT.home.workshop}
        extra={
          <Button type="text" size="small" icon={<ReloadOutlined />} onClick={load}>
            {TEXT.home.refresh}
          </Button>
        }
      >
        <Row gutter={[16, 16]} className="dms-home-figures">
          {figures.map(([title, value, isMoney]) => (
            <Col key={title} xs={12} md={8} xl={4}>
              <Statistic title={title} value={value ?? '—'} formatter={isMoney && value !== undefined ? () => money.format(value) : undefined} loading={!data} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card className="dms-home-card" size="small" title={TEXT.home.trend(TREND_DAYS)} loading={!data}>
            {data ? <Trend days={data.trend} /> : null}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card className="dms-home-card" size="small" title={TEXT.home.reminders} loading={!data}>
            {data ? (
              <Tabs
                size="small"
                items={[
                  { key: 'health', label: `${TEXT.home.healthCheck}（${data.sum.healthCheckReminders}）`, children: <ReminderList page={data.healthChecks} onRead={markRead} /> },
                  { key: 'followUp', label: `${TEXT.home.followUp}（${data.sum.followUpReminders}）`, children: <ReminderList page={data.followUps} onRead={markRead} /> },
                ]}
              />
            ) : null}
          </Card>
        </Col>
      </Row>
      <Card className="dms-home-card" size="small" title={TEXT.home.starred}>
        {starredMenus.items.length === 0 ? (
          <Typography.Text type="secondary">{TEXT.starred.empty}</Typography.Text>
        ) : (
          <Space wrap>
            {starredMenus.items.map((item) => (
              <Button key={item.key} icon={<StarFilled className="dms-star" />} onClick={() => openMenuPage(navigate, item.path)}>
                {item.title}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      <Typography.Title level={5} className="dms-home-menus">
        {TEXT.layout.homeMenus}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {session.menus.map((top) =>
          session.leaves
            .filter((leaf) => leaf.path.startsWith(`${top.path}/`))
            .map((leaf) => (
              <Col key={leaf.id} xs={24} sm={12} md={8} lg={6}>
                <Card hoverable size="small" onClick={() => openMenuPage(navigate, leaf.path)}>
                  <Card.Meta avatar={menuIcon(top.meta.icon)} title={leaf.meta.title} description={top.meta.title} />
                </Card>
              </Col>
            )),
        )}
      </Row>
    </div>
  );
});
