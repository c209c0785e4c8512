import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, List, Tabs, Tag } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useUnread } from '@/shared/notify/socket';
import {
  NOTICES_KEY,
  SYSTEM_MESSAGES_KEY,
  fetchMyNotices,
  fetchSystemMessages,
  useMarkNoticesRead,
  type MyNotice,
  type SystemMessage,
} from './notices';

/** Spec §2/§9: a further page appears 1 s after "load more". */
export const NOTICE_PAGE_DELAY_MS = 1000;
type Kind = 'mail' | 'messages' | 'notices';

const wait = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

interface Paged<T> {
  records: T[];
  current: number;
  pages: number;
}

/** A list of the bell that pages five at a time, the next page 1 s after "load more". */
function PagedTab<T extends { id: string; read: boolean }>({
  queryKey,
  fetchPage,
  empty,
  title,
  description,
  onOpen,
}: {
  queryKey: readonly string[];
  fetchPage: (current: number) => Promise<Paged<T>>;
  empty: string;
  title: (item: T) => string;
  description: (item: T) => string;
  onOpen?: (item: T) => void;
}) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: [...queryKey, 'list'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current < last.pages ? last.current + 1 : undefined),
  });
  const [waiting, setWaiting] = useState(false);
  const items = list.data?.pages.flatMap((p) => p.records) ?? [];
  const more = async () => {
    setWaiting(true);
    await wait(NOTICE_PAGE_DELAY_MS);
    setWaiting(false);
    await list.fetchNextPage();
  };
  return (
    <List<T>
      size="small"
      loading={list.isPending}
      dataSource={items}
      locale={{ emptyText: <Empty description={t(list.isError ? 'notice.loadFailed' : empty)} /> }}
      style={{ maxHeight: 320, overflow: 'auto' }}
      renderItem={(n) => (
        <List.Item
          onClick={() => onOpen?.(n)}
          style={{ cursor: onOpen && !n.read ? 'pointer' : undefined }}
          extra={
            <Tag color={n.read ? 'default' : 'processing'}>{t(n.read ? 'notice.read' : 'notice.unread')}</Tag>
          }
        >
          <List.Item.Meta title={title(n)} description={description(n)} />
        </List.Item>
      )}
      loadMore={
        items.length > 0 && (
          <div style={{ textAlign: 'center', marginTop: 8 }}>
            <Button
              size="small"
              onClick={() => void more()}
              loading={waiting || list.isFetchingNextPage}
              disabled={!list.hasNextPage}
            >
              {list.hasNextPage ? t('notice.more') : t('notice.noMore')}
            </Button>
          </div>
        )
      }
    />
  );
}

/** The caller's notices, newest first; a click on an unread one marks it read. */
function NoticesTab() {
  const markRead = useMarkNoticesRead();
  return (
    <PagedTab<MyNotice>
      queryKey={NOTICES_KEY}
      fetchPage={fetchMyNotices}
      empty="notice.empty"
      title={(n) => n.title}
      description={(n) => n.publishTime}
      // A refusal is shown by the client; the notice simply stays unread.
      onOpen={(n) => {
        if (!n.read) markRead.mutate([n.id]);
      }}
    />
  );
}

/** Messages: the caller's chat system messages (group notices); they are read in the chat itself. */
function MessagesTab() {
  return (
    <PagedTab<SystemMessage>
      queryKey={SYSTEM_MESSAGES_KEY}
      fetchPage={fetchSystemMessages}
      empty="notice.noSystemMessages"
      title={(m) => m.text}
      description={(m) => m.time}
    />
  );
}

/** Mail: the chat messages addressed to the caller that arrived unread (the notification socket's pushes). */
function MailTab() {
  const { t } = useTranslation();
  const { pushes, count } = useUnread();
  const unread = pushes.slice(0, count);
  return (
    <List
      size="small"
      dataSource={unread}
      locale={{ emptyText: <Empty description={t('notice.noMail')} /> }}
      style={{ maxHeight: 320, overflow: 'auto' }}
      renderItem={(p) => (
        <List.Item key={`${p.fromUser}-${p.at}`}>
          <List.Item.Meta title={t('notice.mailFrom', { from: p.fromUser })} description={p.message} />
        </List.Item>
      )}
    />
  );
}

/** The popover's body: a chunk of its own, loaded when the bell is first pressed. */
export default function NoticeList() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('notices');
  return (
    <div style={{ width: 320 }}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as Kind)}
        items={(['mail', 'messages', 'notices'] as const).map((k) => ({ key: k, label: t(`notice.${k}`) }))}
      />
      {kind === 'notices' && <NoticesTab />}
      {kind === 'mail' && <MailTab />}
      {/* Workflow to-dos join this tab once the workflow module exists. */}
      {kind === 'messages' && <MessagesTab />}
    </div>
  );
}
