import { Button } from 'antd';
import { useLocation } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import { beginLogin } from '../login/codeFlow';
import { Result } from '../../blocks/LazyResult';

/** A standalone page opened without a session: says so, and offers to sign in and come back here. */
export function SignInFirst({ title }: { title: string }) {
  const location = useLocation();
  return (
    <Result
      status="403"
      title={title}
      subTitle={TEXT.onepage.noToken}
      extra={
        <Button type="primary" onClick={() => beginLogin(`${location.pathname}${location.search}`)}>
          {TEXT.login.signInNow}
        </Button>
      }
    />
  );
}
