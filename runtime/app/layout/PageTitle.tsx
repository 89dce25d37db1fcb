import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { runtimeConfig } from '../../config/runtimeConfig';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { HOME_PATH } from '../../stores/tabs';
import { PREVIEW_IMAGE_PATH } from '../pages/PreviewImagePage';

const FIXED_TITLES: Record<string, string> = {
  [HOME_PATH]: TEXT.layout.home,
  '/login': TEXT.login.title,
  '/onepage': TEXT.onepage.title,
  '/selectCrowd': TEXT.crowd.title,
  [PREVIEW_IMAGE_PATH]: TEXT.preview.title,
};

export function routeTitle(path: string): string | undefined {
  return FIXED_TITLES[path] ?? session.menuForPath(path)?.meta.title;
}

/** The page title of back-office §2: the system name, a dash, the route title. */
export function pageTitle(systemName: string, title: string | undefined): string {
  return title ? `${systemName} - ${title}` : systemName;
}

export const PageTitle = observer(function PageTitle() {
  const { pathname } = useLocation();
  const title = pageTitle(runtimeConfig().systemName, routeTitle(pathname));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
});
