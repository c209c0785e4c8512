import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';

// The popup mounts on the first click; its list then loads.
const NoticeList = lazy(() => import('./NoticeList'));

/** The bell: five sample notices of three kinds (spec §2 demonstration). */
export function NoticePopover() {
  const { t } = useTranslation();
  const content = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 320, padding: 24 }} />}>
      <NoticeList />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Badge count={5} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('nav.notice')} title={t('nav.notice')} />
      </Badge>
    </Popover>
  );
}
