import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { TEXT } from '../i18n/zh';
import { session } from '../stores/session';
import { menuIcon } from './menuIcons';

/** 概览: who is signed in and the screens their menu grants, one click away. */
export const HomePage = observer(function HomePage() {
  const user = session.user;
  if (!user) return null;
  return (
    <div className="dms-home">
      <Typography.Title level={4}>{TEXT.layout.homeGreeting(user.employeeName)}</Typography.Title>
      <Descriptions size="small" column={4} bordered>
        <Descriptions.Item label="工号">{user.employeeNo}</Descriptions.Item>
        <Descriptions.Item label="账号">{user.userCode}</Descriptions.Item>
        <Descriptions.Item label="所属组织">{user.orgName}</Descriptions.Item>
        <Descriptions.Item label="经销商代码">{user.ownerCode || '—'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} className="dms-home-menus">
        {TEXT.layout.homeMenus}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {session.menus.map((top) =>
          session.leaves
            .filter((leaf) => leaf.path.startsWith(`${top.path}/`))
            .map((leaf) => (
              <Col key={leaf.id} xs={24} sm={12} md={8} lg={6}>
                <Link to={leaf.path}>
                  <Card hoverable size="small">
                    <Card.Meta avatar={menuIcon(top.meta.icon)} title={leaf.meta.title} description={top.meta.title} />
                  </Card>
                </Link>
              </Col>
            )),
        )}
      </Row>
    </div>
  );
});
