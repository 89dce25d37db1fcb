import { Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { getToken } from '../../http/credentials';
import { loadScreenPage } from '../screenInterpreter';
import { SignInFirst } from './SignInFirst';

// The screen interpreter loads when a standalone page opens: the login route and 概览 do without it.
const ScreenPage = lazy(() => loadScreenPage().then((module) => ({ default: module.ScreenPage })));
/** A standalone page is no menu of the user's: its screen names no permission keys, the server checks every call. */
const NO_MENU_KEYS: readonly string[] = [];

/**
 * A screen opened by another system outside the main layout (/onepage, /selectCrowd): no menu, no tabs, its title on
 * top. Without a session it says how to sign in; the address's parameters (?vin=...) fill its filter bar.
 */
export const StandaloneScreen = observer(function StandaloneScreen({ screenId, title }: { screenId: string; title: string }) {
  if (!getToken()) return <SignInFirst title={title} />;
  return (
    <div className="dms-standalone" data-standalone={screenId}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Suspense fallback={<Spin className="dms-page-loading" />}>
        <ScreenPage screenId={screenId} grantedKeys={NO_MENU_KEYS} />
      </Suspense>
    </div>
  );
});
