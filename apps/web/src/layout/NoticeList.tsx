import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, List, Tabs, Tag } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useUnread } from '@/shared/notify/socket';
import { NOTICES_KEY, fetchMyNotices, useMarkNoticesRead, type MyNotice } from './notices';

/** Spec §2/§9: a further page appears 1 s after "load more". */
export const NOTICE_PAGE_DELAY_MS = 1000;
type Kind = 'mail' | 'messages' | 'notices';

const wait = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

/** The caller's notices, newest first, five a page; a click on an unread one marks it read. */
function NoticesTab() {
  const { t } = useTranslation();
  const markRead = useMarkNoticesRead();
  const list = useInfiniteQuery({
    queryKey: [...NOTICES_KEY, 'list'],
    queryFn: ({ pageParam }) => fetchMyNotices(pageParam),
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
  const open = (n: MyNotice) => {
    // A refusal is shown by the client; the notice simply stays unread.
    if (!n.read) markRead([n.id]).catch(() => undefined);
  };
  return (
    <List<MyNotice>
      size="small"
      loading={list.isPending}
      dataSource={items}
      locale={{ emptyText: <Empty description={t(list.isError ? 'notice.loadFailed' : 'notice.empty')} /> }}
      style={{ maxHeight: 320, overflow: 'auto' }}
      renderItem={(n) => (
        <List.Item
          onClick={() => open(n)}
          style={{ cursor: n.read ? undefined : 'pointer' }}
          extra={
            <Tag color={n.read ? 'default' : 'processing'}>{t(n.read ? 'notice.read' : 'notice.unread')}</Tag>
          }
        >
          <List.Item.Meta title={n.title} description={n.publishTime} />
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
      {/* No system messages nor workflow to-dos exist on the server yet: nothing is invented here. */}
      {kind === 'messages' && <Empty description={t('notice.noSystemMessages')} />}
    </div>
  );
}
