import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin } from 'antd';
import { ArrowDownOutlined } from '@ant-design/icons';
import type { Message } from '../sdk';

/** Spec §9: scrolled up more than 20 px counts as reading history (new messages then show a tip). */
export const SCROLL_THRESHOLD_PX = 20;

export interface MessageListProps {
  conversationID: string;
  messages: Message[];
  isCompleted: boolean;
  onLoadMore: () => Promise<void>;
  renderItem: (m: Message) => ReactNode;
}

/**
 * Oldest first, newest at the bottom, virtualised. It sticks to the bottom while the reader is there,
 * keeps the reader's place when older pages are prepended, and otherwise shows 'back to latest'.
 */
export function MessageList({
  conversationID,
  messages,
  isCompleted,
  onLoadMore,
  renderItem,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [tip, setTip] = useState(false);
  const [loading, setLoading] = useState(false);
  // Distance from the bottom to restore after older messages are prepended.
  const keepFromBottom = useRef<number | undefined>(undefined);
  const lastID = useRef<string | undefined>(undefined);

  const virtual = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    getItemKey: (i) => messages[i]!.ID,
    overscan: 12,
  });

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A new conversation opens at its latest message.
  useLayoutEffect(() => {
    stick.current = true;
    setTip(false);
    lastID.current = undefined;
  }, [conversationID]);

  const total = virtual.getTotalSize();
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== undefined) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = undefined;
      return;
    }
    const newest = messages[messages.length - 1];
    const arrived = newest && newest.ID !== lastID.current && lastID.current !== undefined;
    lastID.current = newest?.ID;
    // My own message always brings me down; someone else's only if I was already at the bottom.
    if (arrived && newest.flow === 'out') stick.current = true;
    if (stick.current) toBottom();
    else if (arrived) setTip(true);
  }, [messages, total, toBottom]);

  const onScroll = () => {
    const el = scroller.current!;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD_PX;
    stick.current = atBottom;
    if (atBottom) setTip(false);
  };

  const more = async () => {
    const el = scroller.current;
    if (loading || !el) return;
    setLoading(true);
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    stick.current = false;
    try {
      await onLoadMore();
    } catch {
      keepFromBottom.current = undefined;
    } finally {
      setLoading(false);
    }
  };

  // Images and stickers change a row's height after it is drawn: stay at the bottom while sticking.
  useEffect(() => {
    const el = scroller.current?.firstElementChild;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => stick.current && toBottom());
    ro.observe(el);
    return () => ro.disconnect();
  }, [toBottom]);

  return (
    <div className="fc-im-messages-wrap">
      <div ref={scroller} className="fc-im-messages" onScroll={onScroll} data-testid="message-list">
        <div>
          <div className="fc-im-history">
            {loading ? (
              <Spin size="small" />
            ) : isCompleted ? (
              <span className="fc-im-nomore">{t('im.noMore')}</span>
            ) : (
              <Button type="link" size="small" onClick={() => void more()}>
                {t('im.viewMore')}
              </Button>
            )}
          </div>
          <div style={{ height: total, position: 'relative' }}>
            {virtual.getVirtualItems().map((v) => (
              <div
                key={v.key}
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
                {renderItem(messages[v.index]!)}
              </div>
            ))}
          </div>
        </div>
      </div>
      {tip && (
        <Button
          className="fc-im-latest"
          shape="round"
          size="small"
          icon={<ArrowDownOutlined />}
          onClick={() => {
            stick.current = true;
            setTip(false);
            toBottom();
          }}
        >
          {t('im.backToLatest')}
        </Button>
      )}
    </div>
  );
}
