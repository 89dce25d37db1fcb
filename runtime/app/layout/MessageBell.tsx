import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Modal, Popover, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TEXT } from '../../../schemas/text/zh';
import { MESSAGE_PAGE_SIZE, notices } from '../../stores/notices';
import { ui } from '../../stores/ui';
import type { MessageView } from '../../../schemas/api/messages';

// The lists (antd List, with Pagination and Select) load when the bell is first opened, not with the first screen.
const MessageList = lazy(() => import('./MessageList').then((module) => ({ default: module.MessageList })));

/** The unread count is asked for again this often while the app is open. */
export const UNREAD_POLL_MS = 5 * 60_000;
const ALL_READ_BUTTON = 'messages.allRead';

/** The header bell: the unread-notice count, the latest messages, the paged list of 10 and mark all read. */
export const MessageBell = observer(function MessageBell() {
  const [popover, setPopover] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [opened, setOpened] = useState<MessageView | null>(null);

  useEffect(() => {
    const timer = setInterval(() => void notices.refreshCount(true).catch(() => undefined), UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const open = (message: MessageView) => {
    setOpened(message);
    notices.open(message.msgId).then(setOpened, () => undefined);
  };
  const markAllRead = () => void ui.whileLoading(ALL_READ_BUTTON, () => notices.markAllRead()).catch(() => undefined);
  const showAll = () => {
    setPopover(false);
    setDrawer(true);
    void notices.loadPage(1).catch(() => undefined);
  };

  const latest = (
    <div className="dms-messages-popover">
      <Suspense fallback={null}>
        <MessageList messages={notices.latest} onOpen={open} />
      </Suspense>
      <Space className="dms-messages-actions">
        <Button size="small" loading={ui.isLoading(ALL_READ_BUTTON)} disabled={notices.unreadCount === 0} onClick={markAllRead}>
          {TEXT.messages.allRead}
        </Button>
        <Button size="small" type="primary" onClick={showAll}>
          {TEXT.messages.all}
        </Button>
      </Space>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={TEXT.messages.latest}
        content={latest}
        open={popover}
        onOpenChange={(visible) => {
          setPopover(visible);
          if (visible) void notices.loadLatest().catch(() => undefined);
        }}
      >
        <Badge count={notices.unreadCount} size="small" overflowCount={99}>
          <Button type="text" aria-label={TEXT.messages.title} icon={<BellOutlined />} />
        </Badge>
      </Popover>
      <Drawer
        className="dms-messages-drawer"
        title={TEXT.messages.listTitle}
        open={drawer}
        size={480}
        onClose={() => setDrawer(false)}
        extra={
          <Button size="small" loading={ui.isLoading(ALL_READ_BUTTON)} disabled={notices.unreadCount === 0} onClick={markAllRead}>
            {TEXT.messages.allRead}
          </Button>
        }
      >
        <Suspense fallback={null}>
          <MessageList
            messages={notices.page.items}
            onOpen={open}
            pagination={{
              current: notices.pageNumber,
              pageSize: MESSAGE_PAGE_SIZE,
              total: notices.page.total,
              size: 'small',
              showTotal: (total) => TEXT.table.total(total),
              onChange: (page) => void notices.loadPage(page).catch(() => undefined),
            }}
          />
        </Suspense>
      </Drawer>
      <Modal open={opened !== null} title={opened?.title} footer={null} onCancel={() => setOpened(null)}>
        {opened ? (
          <Space orientation="vertical">
            <Typography.Paragraph>{opened.content}</Typography.Paragraph>
            {opened.roNo ? <Typography.Text type="secondary">{TEXT.messages.orderNo(opened.roNo)}</Typography.Text> : null}
            <Typography.Text type="secondary">{opened.createdAt}</Typography.Text>
          </Space>
        ) : null}
      </Modal>
    </>
  );
});
