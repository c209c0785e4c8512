import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Avatar, Badge, Button, Dropdown, Empty, Input, Tooltip, message } from 'antd';
import { NotificationOutlined, ReloadOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { TYPES, type Conversation } from '../sdk';
import { conversationName, filterConversations, lastMessageText } from '../conversations';
import { initials, listTime, UNREAD_CAP } from '../format';
import { safeUrl } from '../urls';
import { revokeNotice } from '../rules';

/** Spec §4/§9: a refresh starts 1000 ms after the click; clicks in the meantime are ignored. */
export const REFRESH_DELAY_MS = 1000;

export interface ConversationListProps {
  conversations: Conversation[];
  currentID?: string;
  myID?: string;
  onSelect: (conversationID: string) => void;
  onRefresh: () => Promise<unknown>;
  onDelete: (conversationID: string) => void;
}

const Row = memo(function Row({
  c,
  active,
  onSelect,
  onDelete,
  myID,
}: {
  c: Conversation;
  myID?: string;
  active: boolean;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const name = conversationName(c, t('im.system'));
  const last = c.lastMessage;
  let preview = lastMessageText(last, (k) => t(`im.preview_tags.${k}`));
  if (last?.isRevoked) {
    const n = revokeNotice({
      flow: last.fromAccount === myID ? 'out' : 'in',
      conversationType: c.type,
      from: last.fromAccount ?? '',
    });
    preview = t(n.key, { sender: n.sender });
  }
  const avatar =
    c.type === TYPES.CONV_SYSTEM ? (
      <Avatar icon={<NotificationOutlined />} className="fc-im-avatar fc-im-avatar-system" />
    ) : c.type === TYPES.CONV_GROUP ? (
      <Avatar src={safeUrl(c.groupProfile?.avatar)} icon={<TeamOutlined />} className="fc-im-avatar" />
    ) : (
      <Avatar src={safeUrl(c.userProfile?.avatar)} className="fc-im-avatar">
        {initials(name)}
      </Avatar>
    );
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [{ key: 'delete', label: t('im.deleteConversation'), danger: true }],
        onClick: () => onDelete(c.conversationID),
      }}
    >
      <button
        type="button"
        role="option"
        aria-selected={active}
        data-conversation-id={c.conversationID}
        className={`fc-im-conv${active ? ' fc-im-conv-active' : ''}`}
        onClick={() => onSelect(c.conversationID)}
      >
        <Badge count={c.unreadCount} overflowCount={UNREAD_CAP} size="small">
          {avatar}
        </Badge>
        <span className="fc-im-conv-text">
          <span className="fc-im-conv-top">
            <span className="fc-im-conv-name">{name}</span>
            <span className="fc-im-conv-time">{listTime(last?.lastTime)}</span>
          </span>
          <span className="fc-im-conv-last">{preview}</span>
        </span>
      </button>
    </Dropdown>
  );
});

/** Search (names containing the text), a delayed refresh, and a virtual list that stays smooth with thousands. */
export function ConversationList({
  conversations,
  currentID,
  myID,
  onSelect,
  onRefresh,
  onDelete,
}: ConversationListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [refreshing, setRefreshing] = useState(false);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = useMemo(
    () => filterConversations(conversations, query, t('im.system')),
    [conversations, query, t],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    getItemKey: (i) => shown[i]!.conversationID,
    overscan: 10,
  });

  // Keep the current conversation in view when the keys move through the list.
  const currentIndex = shown.findIndex((c) => c.conversationID === currentID);
  useEffect(() => {
    if (currentIndex >= 0) virtual.scrollToIndex(currentIndex, { align: 'auto' });
  }, [currentIndex, virtual]);

  const refresh = () => {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    timer.current = setTimeout(() => {
      onRefresh()
        .then(() => void message.success(t('im.refreshed')))
        .catch((e: Error) => void message.error(e.message))
        .finally(() => {
          busy.current = false;
          setRefreshing(false);
        });
    }, REFRESH_DELAY_MS);
  };

  return (
    <div className="fc-im-convs">
      <div className="fc-im-panel-head fc-im-row">
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('im.searchConversation')}
          aria-label={t('im.searchConversation')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Tooltip title={t('im.refresh')}>
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined spin={refreshing} />}
            aria-label={t('im.refresh')}
            onClick={refresh}
          />
        </Tooltip>
      </div>
      <div ref={scroller} className="fc-im-scroll" role="listbox" aria-label={t('im.chat')}>
        {shown.length === 0 ? (
          <Empty
            className="fc-im-center"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('im.noConversation')}
          />
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => {
              const c = shown[v.index]!;
              return (
                <div
                  key={v.key}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: v.size,
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  <Row
                    c={c}
                    myID={myID}
                    active={c.conversationID === currentID}
                    onSelect={onSelect}
                    onDelete={onDelete}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
