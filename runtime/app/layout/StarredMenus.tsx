import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { starredMenus } from '../../stores/starredMenus';
import { openMenuPage } from '../routes/tabLimit';

/** The star beside the breadcrumb: stars or unstars the page shown. */
export const StarToggle = observer(function StarToggle() {
  const { pathname } = useLocation();
  const menu = session.menuForPath(pathname);
  if (!menu) return null;
  const starred = starredMenus.has(menu.path);
  const toggle = () =>
    void (starred ? starredMenus.remove(menu.path) : starredMenus.add({ menuId: menu.id, path: menu.path, title: menu.meta.title, icon: menu.meta.icon }));
  return (
    <Tooltip title={starred ? TEXT.starred.unstar : TEXT.starred.star}>
      <Button type="text" size="small" aria-label={starred ? TEXT.starred.unstar : TEXT.starred.star} aria-pressed={starred} onClick={toggle} icon={starred ? <StarFilled className="dms-star" /> : <StarOutlined />} />
    </Tooltip>
  );
});

/** The header's starred list: one click to any starred page. */
export const StarredMenuList = observer(function StarredMenuList() {
  const navigate = useNavigate();
  const items = starredMenus.items.length
    ? starredMenus.items.map((item) => ({ key: item.key, label: item.title }))
    : [{ key: '', label: TEXT.starred.empty, disabled: true }];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => key && openMenuPage(navigate, key) }} trigger={['click']}>
      <Button type="text" icon={<StarOutlined />}>
        {TEXT.starred.title}
      </Button>
    </Dropdown>
  );
});
