import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Segmented } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { pick } from '@/shared/i18n';
import type { TopMenu as Top } from '@/shared/menu/types';
import { menuIcon } from '@/shared/menu/icons';

/** Spec §9: the top menu shows 7 items a page, with left and right paging. */
export const TOP_MENU_PAGE = 7;

export function TopMenu({
  items,
  value,
  onChange,
}: {
  items: Top[];
  value?: string;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  if (!items.length) return null;
  const pages = Math.ceil(items.length / TOP_MENU_PAGE);
  const shown = items.slice(page * TOP_MENU_PAGE, (page + 1) * TOP_MENU_PAGE);
  return (
    <nav style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }} aria-label="top menu">
      {pages > 1 && (
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
          aria-label={t('nav.prevPage')}
        />
      )}
      <Segmented
        value={value ?? ''}
        onChange={(v) => onChange(v ? String(v) : undefined)}
        options={[
          { value: '', label: t('common.all') },
          ...shown.map((m) => ({ value: m.id, label: pick(m.meta?.i18n, m.name), icon: menuIcon(m.source) })),
        ]}
      />
      {pages > 1 && (
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          disabled={page >= pages - 1}
          onClick={() => setPage(page + 1)}
          aria-label={t('nav.nextPage')}
        />
      )}
    </nav>
  );
}
