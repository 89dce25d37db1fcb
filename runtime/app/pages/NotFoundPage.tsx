import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import { starredMenus } from '../../stores/starredMenus';
import { readSessionJson } from '../../stores/storageKeys';
import { HOME_PATH, type TabMenu } from '../../stores/tabs';
import { Result } from '../../blocks/LazyResult';

/** A page that is not there for this user, with the way back to 概览. */
function BackHome({ status, title, subTitle }: { status: '404' | '403'; title: string; subTitle: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {TEXT.layout.backHome}
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  return <BackHome status="404" title={TEXT.layout.notFoundTitle} subTitle={TEXT.layout.notFoundText} />;
}

/** A page the user knew (an open tab or a starred menu from before) that their role no longer grants. */
export function NoPermissionPage() {
  return <BackHome status="403" title={TEXT.layout.noPermissionTitle} subTitle={TEXT.layout.noPermission} />;
}

/** Any other path: the no-permission page for a menu page the user knew, the not-found page otherwise. */
export const UnknownPathPage = observer(function UnknownPathPage() {
  const { pathname } = useLocation();
  const knownBefore = starredMenus.has(pathname) || (readSessionJson<TabMenu[]>('lastMenuList') ?? []).some((tab) => tab.path === pathname);
  return knownBefore ? <NoPermissionPage /> : <NotFoundPage />;
});
