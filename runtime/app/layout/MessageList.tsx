// The bell's message lists (the latest few, and the paged list of the drawer); a chunk of its own, loaded when the bell
// is first opened: antd's List brings Pagination and Select, which the first screen does without (issue 20).
import { Badge, List, Space, Tag, type PaginationProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../../../schemas/text/zh';
import { dictionaries } from '../../stores/dictionaries';
import type { MessageView } from '../../../schemas/api/messages';

const MessageItem = observer(function MessageItem({ message, onOpen }: { message: MessageView; onOpen: (message: MessageView) => void }) {
  const type = dictionaries.options('8971').find((o) => o.value === message.remindType)?.text;
  return (
    <List.Item className={message.readFlag === '0' ? 'dms-message-unread' : undefined} onClick={() => onOpen(message)}>
      <List.Item.Meta
        title={
          <Space size={4}>
            {message.readFlag === '0' ? <Badge status="processing" /> : null}
            {type ? <Tag>{type}</Tag> : null}
            {message.title}
          </Space>
        }
        description={
          <>
            <div className="dms-message-text">{message.content}</div>
            <div>{message.createdAt}</div>
          </>
        }
      />
    </List.Item>
  );
});

interface MessageListProps {
  messages: MessageView[];
  onOpen: (message: MessageView) => void;
  pagination?: PaginationProps;
}

export const MessageList = observer(function MessageList({ messages, onOpen, pagination }: MessageListProps) {
  return (
    <List
      size="small"
      dataSource={messages}
      locale={{ emptyText: TEXT.messages.empty }}
      renderItem={(m) => <MessageItem message={m} onOpen={onOpen} />}
      pagination={pagination}
    />
  );
});
