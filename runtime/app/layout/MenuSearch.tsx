import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Typography, type InputRef } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { openMenuPage } from '../routes/tabLimit';
import { searchMenus } from './menuMatches';

/** Ctrl+K (⌘K on a Mac) anywhere in the shell: the one shortcut, so it is checked here and nowhere else. */
export function isSearchShortcut(event: Pick<globalThis.KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The menu search in the header: a button (and Ctrl+K) opens a box that finds pages by title or pinyin initials
 * (wxgd finds 维修工单); up and down choose, Enter opens the page as the sidebar would (the open-tab limit applies).
 */
export const MenuSearch = observer(function MenuSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const hits = useMemo(() => searchMenus(session.menus, session.leaves, text), [text, session.menus]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      // The browser's own Ctrl+K (its address-bar search) would take the focus away.
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setText('');
    setActive(0);
  };
  const choose = (path: string) => {
    close();
    openMenuPage(navigate, path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (hits.length > 0) setActive((active + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) choose(hit.path);
    }
  };

  return (
    <>
      <Button type="text" icon={<SearchOutlined />} aria-label={TEXT.menuSearch.open} onClick={() => setOpen(true)}>
        <Typography.Text type="secondary" className="dms-search-shortcut">
          {TEXT.menuSearch.shortcut}
        </Typography.Text>
      </Button>
      <Modal
        open={open}
        title={TEXT.menuSearch.open}
        footer={<Typography.Text type="secondary">{TEXT.menuSearch.hint}</Typography.Text>}
        onCancel={close}
        afterOpenChange={(visible) => visible && input.current?.focus()}
        destroyOnHidden
        width={520}
        className="dms-menu-search"
      >
        <Input
          ref={input}
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder={TEXT.menuSearch.placeholder}
          aria-label={TEXT.menuSearch.open}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {text.trim() && hits.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.menuSearch.empty} /> : null}
        <ul className="dms-menu-search-hits" role="listbox" aria-label={TEXT.menuSearch.open}>
          {hits.map((hit, index) => (
            <li
              key={hit.path}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'dms-menu-search-hit dms-menu-search-active' : 'dms-menu-search-hit'}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(hit.path)}
            >
              <span className="dms-menu-search-title">{hit.title}</span>
              <Typography.Text type="secondary" className="dms-menu-search-trail">
                {hit.trail}
              </Typography.Text>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
});
