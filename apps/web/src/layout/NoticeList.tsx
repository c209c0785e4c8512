import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, List, Tabs, Tag } from 'antd';

/**
 * The notice popover of spec §2 is a demonstration: sample items, and further pages appear after 1 s.
 * Demo statuses 0, 1, 3, 4 mean started, not started, error, completed.
 */
export const NOTICE_PAGE_DELAY_MS = 1000;
const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'default', 3: 'error', 4: 'success' };
type Kind = 'mail' | 'messages' | 'notices';

const sample = (kind: Kind, page: number, lang: string) =>
  Array.from({ length: 5 }, (_, i) => {
    const n = page * 5 + i + 1;
    const status = [0, 1, 3, 4][n % 4]!;
    const zh = { mail: `客户询价邮件 #${n}`, messages: `来自销售部的消息 #${n}`, notices: `系统通知 #${n}` }[
      kind
    ];
    const en = {
      mail: `Customer inquiry mail #${n}`,
      messages: `Message from sales #${n}`,
      notices: `System notice #${n}`,
    }[kind];
    return { id: `${kind}-${n}`, title: lang === 'en' ? en : zh, status };
  });

/** The popover's body: a chunk of its own, loaded when the bell is first pressed. */
export default function NoticeList() {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<Kind>('notices');
  const [pages, setPages] = useState<Record<Kind, number>>({ mail: 1, messages: 1, notices: 1 });
  const [loading, setLoading] = useState(false);
  const items = Array.from({ length: pages[kind] }, (_, p) => sample(kind, p, i18n.language)).flat();
  const more = () => {
    setLoading(true);
    window.setTimeout(() => {
      setPages((p) => ({ ...p, [kind]: p[kind] + 1 }));
      setLoading(false);
    }, NOTICE_PAGE_DELAY_MS);
  };
  return (
    <div style={{ width: 320 }}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as Kind)}
        items={(['mail', 'messages', 'notices'] as const).map((k) => ({ key: k, label: t(`notice.${k}`) }))}
      />
      <List
        size="small"
        dataSource={items}
        style={{ maxHeight: 320, overflow: 'auto' }}
        renderItem={(it) => (
          <List.Item extra={<Tag color={STATUS_COLOR[it.status]}>{t(`notice.status${it.status}`)}</Tag>}>
            {it.title}
          </List.Item>
        )}
        loadMore={
          <div style={{ textAlign: 'center', marginTop: 8 }}>
            <Button size="small" onClick={more} loading={loading} disabled={pages[kind] >= 4}>
              {pages[kind] >= 4 ? t('notice.noMore') : t('notice.more')}
            </Button>
          </div>
        }
      />
    </div>
  );
}
