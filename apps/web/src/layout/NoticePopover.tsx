import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useUnread } from '@/shared/notify/socket';
import { useUnreadNotices, useUnreadSystemMessages } from './notices';

// The popup mounts on the first click; its list then loads.
const NoticeList = lazy(() => import('./NoticeList'));

/**
 * The bell (spec §2: tabs mail, messages, notices; further pages after 1 s) on real data: its badge is
 * the caller's unread notices, their unread chat system messages, and the chat messages addressed to them
 * that arrived unread.
 */
export function NoticePopover() {
  const { t } = useTranslation();
  const notices = useUnreadNotices();
  const system = useUnreadSystemMessages();
  const mail = useUnread((s) => s.count);
  const content = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 320, padding: 24 }} />}>
      <NoticeList />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Badge count={(notices.data ?? 0) + (system.data ?? 0) + mail} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('nav.notice')} title={t('nav.notice')} />
      </Badge>
    </Popover>
  );
}
