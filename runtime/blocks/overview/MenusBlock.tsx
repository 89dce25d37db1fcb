import { StarFilled } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { menuIcon } from '../../app/menuIcons';
import { openMenuPage } from '../../app/routes/tabLimit';
import { session } from '../../stores/session';
import { starredMenus } from '../../stores/starredMenus';
import type { OverviewBlockProps } from './overviewBlock';

/** The ways in: the user's starred menus (buttons), or every page of the user's menus (cards naming their top menu). */
export default observer(function MenusBlock({ block }: OverviewBlockProps) {
  const navigate = useNavigate();
  const open = (path: string) => openMenuPage(navigate, path);
  if (block.menus === 'starred') {
    if (starredMenus.items.length === 0) return <Typography.Text type="secondary">{block.emptyText}</Typography.Text>;
    return (
      <Space wrap>
        {starredMenus.items.map((item) => (
          <Button key={item.key} icon={<StarFilled className="dms-star" />} onClick={() => open(item.path)}>
            {item.title}
          </Button>
        ))}
      </Space>
    );
  }
  const cards = session.menus.flatMap((top) => session.leaves.filter((leaf) => leaf.path.startsWith(`${top.path}/`)).map((leaf) => ({ top, leaf })));
  if (cards.length === 0) return <Typography.Text type="secondary">{block.emptyText}</Typography.Text>;
  return (
    <div className="dms-menu-cards">
      {cards.map(({ top, leaf }) => (
        <button key={leaf.id} type="button" className="dms-menu-card" onClick={() => open(leaf.path)}>
          <span className="dms-menu-card-icon">{menuIcon(top.meta.icon)}</span>
          <span className="dms-menu-card-text">
            <span className="dms-menu-card-title">{leaf.meta.title}</span>
            <span className="dms-menu-card-parent">{top.meta.title}</span>
          </span>
        </button>
      ))}
    </div>
  );
});
