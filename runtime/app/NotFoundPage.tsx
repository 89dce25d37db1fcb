import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { TEXT } from '../i18n/zh';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={TEXT.layout.notFoundTitle}
      subTitle={TEXT.layout.notFoundText}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {TEXT.layout.backHome}
        </Button>
      }
    />
  );
}
