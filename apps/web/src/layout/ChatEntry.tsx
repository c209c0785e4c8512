import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { usePermission, useSession } from '@/shared/auth/store';
import { connectNotifications, markAllRead, useUnread } from '@/shared/notify/socket';

/** The chat screen lives in features/im when it exists; until then the entry lists the unread pushes. */
const chatModules = import.meta.glob<{ default: ComponentType<{ open: boolean; onClose: () => void }> }>(
  '../features/im/ChatDialog.tsx',
);
const loadChat = Object.values(chatModules)[0];
const ChatDialog = loadChat ? lazy(loadChat) : undefined;

/** Spec §9: unread counts show 99+ beyond 99. */
export const UNREAD_CAP = 99;

export function ChatEntry() {
  const { t } = useTranslation();
  const allowed = usePermission('chat_tim');
  const { pushes, count } = useUnread();
  const [open, setOpen] = useState(false);

  useEffect(() => (allowed ? connectNotifications(() => useSession.getState().token) : undefined), [allowed]);
  if (!allowed) return null;

  const button = (
    <Badge count={count} overflowCount={UNREAD_CAP} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        icon={<MessageOutlined />}
        aria-label={t('nav.chat')}
        title={t('nav.chat')}
        onClick={() => {
          setOpen(true);
          markAllRead();
        }}
      />
    </Badge>
  );
  if (ChatDialog) {
    return (
      <>
        {button}
        <Suspense fallback={null}>
          {open && <ChatDialog open={open} onClose={() => setOpen(false)} />}
        </Suspense>
      </>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('nav.chat')}
      content={
        pushes.length ? (
          <List
            size="small"
            style={{ width: 300, maxHeight: 360, overflow: 'auto' }}
            dataSource={pushes}
            renderItem={(p) => (
              <List.Item
                extra={<Typography.Text type="secondary">{dayjs(p.at).format('HH:mm')}</Typography.Text>}
              >
                <List.Item.Meta
                  title={p.fromUser}
                  description={<Typography.Text ellipsis>{p.message}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('common.empty')} />
        )
      }
    >
      {button}
    </Popover>
  );
}
