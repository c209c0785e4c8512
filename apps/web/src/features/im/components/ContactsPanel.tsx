import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Avatar, Empty, Input, Segmented, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  brandLine,
  CONTACT_GROUPS,
  contactRows,
  searchContacts,
  toLetterGroups,
  type ContactGroup,
  type Staff,
} from '../contacts';
import { initials } from '../format';
import { safeUrl } from '../urls';

export interface ContactsPanelProps {
  fetchFriends: (group: ContactGroup) => Promise<Record<string, Staff[]>>;
  onOpen: (staff: Staff) => void;
}

/** Staff grouped by role and by initial letter, with a trimmed search; each role's list is fetched once. */
export function ContactsPanel({ fetchFriends, onOpen }: ContactsPanelProps) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<ContactGroup>('all');
  const [query, setQuery] = useState('');
  const friends = useQuery({
    queryKey: ['im', 'friends', group],
    queryFn: () => fetchFriends(group),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const rows = useMemo(
    () => contactRows(searchContacts(toLetterGroups(friends.data), query)),
    [friends.data, query],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'letter' ? 28 : 60),
    overscan: 8,
  });

  return (
    <div className="fc-im-contacts">
      <div className="fc-im-panel-head">
        <Segmented
          block
          size="small"
          value={group}
          onChange={(v) => setGroup(v as ContactGroup)}
          options={CONTACT_GROUPS.map((g) => ({ value: g, label: t(`im.groups.${g}`) }))}
        />
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('im.searchContact')}
          aria-label={t('im.searchContact')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div ref={scroller} className="fc-im-scroll" role="list" aria-label={t('im.contacts')}>
        {friends.isLoading ? (
          <Spin className="fc-im-center" />
        ) : rows.length === 0 ? (
          <Empty
            className="fc-im-center"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('im.noContacts')}
          />
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              return (
                <div
                  key={row.kind === 'letter' ? `L${row.letter}` : row.staff.id}
                  data-index={v.index}
                  ref={virtual.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  {row.kind === 'letter' ? (
                    <div className="fc-im-letter">{row.letter}</div>
                  ) : (
                    <button
                      type="button"
                      role="listitem"
                      className="fc-im-contact"
                      onClick={() => onOpen(row.staff)}
                    >
                      <Avatar src={safeUrl(row.staff.avatar)} className="fc-im-avatar">
                        {initials(row.staff.realName)}
                      </Avatar>
                      <span className="fc-im-contact-text">
                        <span className="fc-im-contact-name">{row.staff.realName}</span>
                        <span className="fc-im-contact-brands">
                          {brandLine(row.staff.brandNames, t('im.brandSep'), t('im.brandsNone'))}
                        </span>
                      </span>
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
