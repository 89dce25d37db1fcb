import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../config/runtimeConfig';
import { TEXT } from '../i18n/zh';
import { session } from '../stores/session';

interface Credentials {
  username: string;
  password: string;
}

/** 用户登录. The embedded identity provider's code flow replaces this form in a later step; the API stays the same. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/home';

  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    try {
      await session.login(username, password);
      navigate(from === '/login' ? '/home' : from, { replace: true });
    } catch {
      // The http client shows why (wrong password, server down).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dms-login">
      <Card className="dms-login-card" title={`${runtimeConfig().systemName} · ${TEXT.login.title}`}>
        <Form<Credentials> size="large" onFinish={submit} autoComplete="on">
          <Form.Item name="username" rules={[{ required: true, message: TEXT.login.usernameRequired }]}>
            <Input prefix={<UserOutlined />} placeholder={TEXT.login.username} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: TEXT.login.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={TEXT.login.password} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {TEXT.login.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
