import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../../config/runtimeConfig';
import { getToken } from '../../http/credentials';
import { NOTIFY_DURATION_MS } from '../../http/notify';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { HOME_PATH } from '../../stores/tabs';
import { beginLogin, exchangeCode, pendingLogin } from '../login/codeFlow';
import { Result } from '../../blocks/LazyResult';

/**
 * 用户登录 (/login): the route the identity provider's answer arrives at. With a code it exchanges the code and opens
 * the page first asked for; without a token it sends the browser to sign in (after showing why, when a session has
 * just expired); with a token it goes home.
 */
export const LoginPage = observer(function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const state = query.get('state');
  const refused = query.get('error_description') ?? query.get('error');
  const reason = session.signInReason;
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo ?? session.returnTo ?? HOME_PATH;

  useEffect(() => {
    if (code) {
      let alive = true;
      exchangeCode(code, state).then(
        (target) => alive && navigate(target, { replace: true }),
        (error: Error) => alive && setFailure(error.message),
      );
      return () => {
        alive = false;
      };
    }
    if (refused) {
      setFailure(TEXT.login.providerRefused(refused));
      return undefined;
    }
    if (getToken()) {
      navigate(HOME_PATH, { replace: true });
      return undefined;
    }
    // A session that has just ended says why before the page changes: the notice stays for its 3 seconds.
    const timer = setTimeout(() => beginLogin(returnTo), reason ? NOTIFY_DURATION_MS : 0);
    return () => clearTimeout(timer);
  }, [code, state, refused, reason, returnTo, navigate]);

  const retry = () => beginLogin(pendingLogin()?.returnTo ?? returnTo);
  return (
    <div className="dms-login">
      <Card className="dms-login-card" title={`${runtimeConfig().systemName} · ${TEXT.login.title}`}>
        {failure ? (
          <Result
            status="warning"
            title={TEXT.login.failed}
            subTitle={failure}
            extra={
              <Button type="primary" onClick={retry}>
                {TEXT.login.retry}
              </Button>
            }
          />
        ) : (
          <Space orientation="vertical" align="center" className="dms-login-progress">
            <LoadingOutlined className="dms-login-spinner" />
            {reason ? <Typography.Text type="warning">{reason}</Typography.Text> : null}
            <Typography.Text type="secondary">{code ? TEXT.login.signingIn : TEXT.login.redirecting}</Typography.Text>
            {code ? null : (
              <Button type="link" onClick={retry}>
                {TEXT.login.signInNow}
              </Button>
            )}
          </Space>
        )}
      </Card>
    </div>
  );
});
