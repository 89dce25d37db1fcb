import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROCESS_HISTORY_TEXT } from '../../../schemas/workflow/processText';
import { callApi, http } from '../../http/client';
import { openMenuPage } from '../routes/tabLimit';

/** The count is asked for again this often while the app is open (an approval may arrive any time). */
export const TODO_POLL_MS = 60_000;
/** 我的待办's menu path: screens/workflow/myTodo.json under 个人中心 (server/data/screenMenus.ts names it). */
export const TODO_PATH = '/personal/myTodo/index';

/** A business write (not a read, not the session's own token calls). */
function changesTasks(method: string | undefined, url: string | undefined): boolean {
  return method !== undefined && method.toLowerCase() !== 'get' && !/\/auth\//.test(url ?? '');
}

/** The header's count of the user's open approval tasks; a click opens 我的待办. */
export function TodoBell() {
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const refresh = () =>
      callApi<{ todo: number }>('workflow:GET task/count', { silent: true, busy: false }).then(
        (answer) => alive && setCount(answer.todo),
        () => undefined,
      );
    void refresh();
    const timer = setInterval(() => void refresh(), TODO_POLL_MS);
    // A write the server accepted may have opened or closed a task (an approval, a transfer, a submitted record): the
    // count follows at once instead of at the next poll. Refused writes never reach this handler (the client's own
    // interceptor, registered first, rejects them).
    const afterWrites = http.interceptors.response.use((response) => {
      if (alive && changesTasks(response.config.method, response.config.url)) void refresh();
      return response;
    });
    return () => {
      alive = false;
      clearInterval(timer);
      http.interceptors.response.eject(afterWrites);
    };
  }, []);
  return (
    <Tooltip title={PROCESS_HISTORY_TEXT.todo}>
      <Badge count={count} size="small" overflowCount={99} data-testid="todo-count">
        <Button type="text" aria-label={PROCESS_HISTORY_TEXT.todo} icon={<AuditOutlined />} onClick={() => openMenuPage(navigate, TODO_PATH)} />
      </Badge>
    </Tooltip>
  );
}
