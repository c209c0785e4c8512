import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { usePermission, useSession } from '@/shared/auth/store';
import { connectNotifications, markAllRead, useUnread, type UnreadPush } from '@/shared/notify/socket';
import { onChatRequest } from '@/shared/ui/chatRequest';

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

/** The chat connection's state while it is not connected (signed in only), for the icon. */
function useChatNetProblem(chat: ChatModule | undefined): string | undefined {
  const subscribe = useCallback((cb: () => void) => (chat ? chat.useChat.subscribe(cb) : () => {}), [chat]);
  return useSyncExternalStore(subscribe, () => {
    const s = chat?.useChat.getState();
    return s?.status === 'ready' && s.net !== 'connected' ? s.net : undefined;
  });
}

/** antd's notification loads with the first push, like the toasts. */
const loadNotification = () => import('antd/es/notification').then((m) => m.default);

/**
 * A colleague's unread push (spec §4: sent after each successful send) pops up while the chat is closed,
 * so a message is noticed without watching the badge; clicking it opens the chat.
 */
function useUnreadPopups(isOpen: () => boolean, openChat: () => void) {
  const { t } = useTranslation();
  useEffect(
    () =>
      useUnread.subscribe((s, prev) => {
        // Newest first: what came before the previous head is new (the list is capped, so no length sums).
        const seen = prev.pushes[0] ? s.pushes.indexOf(prev.pushes[0]) : -1;
        const fresh = s.pushes.slice(0, seen < 0 ? s.pushes.length : seen);
        if (!fresh.length || isOpen()) return;
        void loadNotification().then((notification) =>
          fresh.reverse().forEach((p: UnreadPush) =>
            notification.open({
              message: t('nav.chatPush', { from: p.fromUser }),
              description: p.message,
              placement: 'bottomRight',
              duration: 4.5,
              onClick: openChat,
              className: 'fc-chat-push',
            }),
          ),
        );
      }),
    [t, isOpen, openChat],
  );
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
  const netProblem = useChatNetProblem(chat);
  const openRef = useRef(false);
  openRef.current = open;
  const openChat = useCallback(() => {
    setOpen(true);
    setOpened(true);
    markAllRead();
  }, []);
  useUnreadPopups(
    useCallback(() => openRef.current, []),
    openChat,
  );

  useEffect(() => (allowed ? connectNotifications(() => useSession.getState().token) : undefined), [allowed]);
  // A page's "chat with …" button (shared/ui/chatRequest): the dialog opens on that conversation.
  useEffect(
    () =>
      allowed && account
        ? onChatRequest(({ userID }) => {
            openChat();
            void loadChat().then((m) =>
              m.startChat({ account }, { quiet: true }).then(() => m.openConversation(`C2C${userID}`)),
            );
          })
        : undefined,
    [allowed, account, openChat],
  );

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
          icon={
            // The connection's state lives here and in the chat pane, never in a global toast.
            <Badge dot={Boolean(netProblem)} color={netProblem === 'connecting' ? 'orange' : 'red'}>
              <MessageOutlined />
            </Badge>
          }
          aria-label={t('nav.chat')}
          title={netProblem ? `${t('nav.chat')}: ${t(`im.net.${netProblem}`)}` : t('nav.chat')}
          data-net={netProblem}
          onClick={openChat}
        />
      </Badge>
      <Suspense fallback={null}>
        {opened && <ChatDialog open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
