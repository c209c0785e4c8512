import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, ProgressCircle, SpinLoading } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import {
  TYPES,
  type FacePayload,
  type ImagePayload,
  type Message,
  type TextPayload,
} from '@forecourt/im-sdk';
import { Sticker } from '@/features/im/components/Sticker';
import { stickerOf } from '@/features/im/stickers';
import { initials, messageTime } from '@/features/im/format';
import { safeUrl } from '@/features/im/urls';
import { OfferCard, offerCardOf } from '@/features/im/components/OfferCard';

interface Props {
  message: Message;
  peerName: string;
  peerAvatar: string | null;
  myName: string;
  onImage: (url: string) => void;
  onActions: (m: Message) => void;
  onResend: (m: Message) => void;
}

const LONG_PRESS_MS = 500;

/** The picture of an image message: the thumbnail entry when there is one, else the first. */
export const imageUrl = (p: ImagePayload) =>
  safeUrl((p.imageInfoArray?.find((i) => i.type === 2) ?? p.imageInfoArray?.[0])?.url);

function Body({ m, onImage }: { m: Message; onImage: (url: string) => void }) {
  const { t } = useTranslation();
  switch (m.type) {
    case TYPES.MSG_TEXT:
      return <span className="h5-text">{(m.payload as TextPayload).text}</span>;
    case TYPES.MSG_FACE: {
      const sticker = stickerOf(m.payload as FacePayload);
      return sticker ? <Sticker sticker={sticker} size={56} /> : <span>{t('chat.unsupported')}</span>;
    }
    case TYPES.MSG_IMAGE: {
      const url = imageUrl(m.payload as ImagePayload);
      if (!url) return <span>{t('chat.unsupported')}</span>;
      return (
        <button type="button" className="h5-image" onClick={() => onImage(url)}>
          <img src={url} alt={t('chat.image')} loading="lazy" />
        </button>
      );
    }
    case TYPES.MSG_CUSTOM: {
      const offer = offerCardOf((m.payload as { data?: unknown }).data);
      if (offer) return <OfferCard card={offer} />;
      return <span className="h5-unsupported">{t('chat.unsupported')}</span>;
    }
    default:
      return <span className="h5-unsupported">{t('chat.unsupported')}</span>;
  }
}

/** One message: own on the right, the advisor's on the left; revoked ones as a centred notice. */
export function MessageBubble({
  message: m,
  peerName,
  peerAvatar,
  myName,
  onImage,
  onActions,
  onResend,
}: Props) {
  const { t } = useTranslation();
  const timer = useRef<number | undefined>(undefined);
  if (m.isRevoked)
    return (
      <div className="h5-notice" role="note">
        {m.flow === 'out' ? t('chat.revokedSelf') : t('chat.revokedPeer')}
      </div>
    );
  const mine = m.flow === 'out';
  const name = mine ? myName : peerName;
  // Long press (touch) or the context menu (Android long press, right click) opens the actions.
  const press = {
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      onActions(m);
    },
    onTouchStart: () => {
      timer.current = window.setTimeout(() => onActions(m), LONG_PRESS_MS);
    },
    onTouchEnd: () => window.clearTimeout(timer.current),
    onTouchMove: () => window.clearTimeout(timer.current),
  };
  const bubbleClass = `h5-bubble${m.type === TYPES.MSG_TEXT ? '' : ' h5-bubble-media'}`;
  return (
    <div className={`h5-msg ${mine ? 'h5-msg-out' : 'h5-msg-in'}`} data-testid="h5-message">
      <Avatar
        src={(mine ? '' : safeUrl(peerAvatar)) ?? ''}
        className="h5-msg-avatar"
        fallback={<span className="h5-initials">{initials(name)}</span>}
      />
      <div className="h5-msg-body">
        <div className="h5-msg-row">
          {mine && m.status === 'unSend' && m.type === TYPES.MSG_IMAGE && m.progress > 0 && m.progress < 1 ? (
            <ProgressCircle percent={Math.round(m.progress * 100)} style={{ '--size': '18px' }} />
          ) : null}
          {mine && m.status === 'unSend' ? (
            <SpinLoading style={{ '--size': '16px' }} aria-label={t('chat.sending')} />
          ) : null}
          {mine && m.status === 'fail' ? (
            <button
              type="button"
              className="h5-fail"
              aria-label={t('chat.resend')}
              onClick={() => onResend(m)}
            >
              <ExclamationCircleFill />
            </button>
          ) : null}
          <div className={bubbleClass} {...press}>
            <Body m={m} onImage={onImage} />
          </div>
        </div>
        <div className="h5-msg-meta">
          {messageTime(m.time)}
          {mine && m.status === 'success' ? (
            <span className="h5-read">{m.isPeerRead ? t('chat.read') : t('chat.unread')}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
