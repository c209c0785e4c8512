import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { usePermission, useSession } from '@/shared/auth/store';
import { connectNotifications, markAllRead, useUnread } from '@/shared/notify/socket';

/** The chat screen and its client load on demand, never with the sign-in page or the shell's first paint. */
const ChatDialog = lazy(() => import('@/features/im/ChatDialog'));
const loadChat = () => import('@/features/im/chat');
type ChatModule = Awaited<ReturnType<typeof loadChat>>;

/** Spec §9: unread counts show 99+ beyond 99. */
export const UNREAD_CAP = 99;

/** The chat client's unread total once it is signed in; undefined before (the socket's pushes count then). */
function useChatUnread(chat: ChatModule | undefined): number | undefined {
  const subscribe = useCallback((cb: () => void) => (chat ? chat.useChat.subscribe(cb) : () => {}), [chat]);
  return useSyncExternalStore(subscribe, () => {
    const s = chat?.useChat.getState();
    return s?.status === 'ready' ? s.totalUnread : undefined;
  });
}

export function ChatEntry() {
  const { t } = useTranslation();
  const allowed = usePermission('chat_tim');
  const account = useSession((s) => s.user?.account);
  const { count } = useUnread();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (hidden) so the tab, scroll and draft survive a close.
  const [opened, setOpened] = useState(false);
  const [chat, setChat] = useState<ChatModule>();
  const chatUnread = useChatUnread(chat);

  useEffect(() => (allowed ? connectNotifications(() => useSession.getState().token) : undefined), [allowed]);

  // The badge and the page title need the unread count: sign in to chat once the shell has painted.
  useEffect(() => {
    if (!allowed || !account) return;
    let live = true;
    let loaded: ChatModule | undefined;
    const idle = window.setTimeout(() => {
      void loadChat().then((m) => {
        if (!live) return;
        loaded = m;
        setChat(m);
        void m.startChat({ account }, { quiet: true });
      });
    }, 0);
    return () => {
      live = false;
      window.clearTimeout(idle);
      void loaded?.stopChat();
    };
  }, [allowed, account]);

  if (!allowed) return null;
  return (
    <>
      <Badge count={chatUnread ?? count} overflowCount={UNREAD_CAP} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<MessageOutlined />}
          aria-label={t('nav.chat')}
          title={t('nav.chat')}
          onClick={() => {
            setOpen(true);
            setOpened(true);
            markAllRead();
          }}
        />
      </Badge>
      <Suspense fallback={null}>
        {opened && <ChatDialog open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
