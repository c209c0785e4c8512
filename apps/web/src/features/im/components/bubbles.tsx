import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Progress, message } from 'antd';
import {
  DownloadOutlined,
  EnvironmentOutlined,
  FileOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { TYPES, type Message } from '../sdk';
import { stickerOf } from '../stickers';
import { duration, fileSize } from '../format';
import { safeUrl } from '../urls';
import { Sticker } from './Sticker';
import { parseCall, type CallRecord } from '../calls';
import { OfferCard, offerCardOf } from './OfferCard';

type P = Record<string, unknown>;
/** Payloads come from other clients through the server: read them defensively, field by field. */
const fields = (m: Pick<Message, 'payload'>) => (m.payload ?? {}) as unknown as P;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/** Text is always rendered as text: markup in a message is shown, never interpreted. */
export function TextBubble({ payload }: { payload: P }) {
  return <span className="fc-im-text">{str(payload.text)}</span>;
}

interface ImageInfo {
  url?: string;
  width?: number;
  height?: number;
  type?: number;
}

/** The image shown in the bubble: the smallest copy that is at least the thumbnail, else the original. */
export function imageUrls(payload: P): { thumb?: string; full?: string; width: number; height: number } {
  const list = (Array.isArray(payload.imageInfoArray) ? payload.imageInfoArray : []) as ImageInfo[];
  const full = list[0];
  const thumb = list.find((i) => i.type === 1) ?? list[list.length - 1] ?? full;
  const w = num(full?.width) || 160;
  const h = num(full?.height) || 120;
  // Fit a 200 × 200 box so the row height is known before the image loads (no jumps in the list).
  const k = Math.min(1, 200 / w, 200 / h);
  return {
    thumb: safeUrl(thumb?.url),
    full: safeUrl(full?.url),
    width: Math.round(w * k),
    height: Math.round(h * k),
  };
}

export function ImageBubble({ m, onPreview }: { m: Message; onPreview: () => void }) {
  const { t } = useTranslation();
  const img = imageUrls(fields(m));
  return (
    <div className="fc-im-image" style={{ width: img.width, height: img.height }}>
      {img.thumb && (
        <img
          src={img.thumb}
          alt={t('im.preview_tags.image')}
          width={img.width}
          height={img.height}
          onClick={onPreview}
          loading="lazy"
        />
      )}
      {m.status === 'unSend' && (
        <Progress className="fc-im-progress" percent={Math.round((m.progress ?? 0) * 100)} size="small" />
      )}
    </div>
  );
}

export function FileBubble({ m }: { m: Message }) {
  const { t } = useTranslation();
  const p = fields(m);
  const url = safeUrl(p.fileUrl);
  const name = str(p.fileName);
  return (
    <div className="fc-im-file">
      <FileOutlined className="fc-im-file-icon" />
      <div className="fc-im-file-text">
        <div className="fc-im-file-name" title={name}>
          {name}
        </div>
        <div className="fc-im-file-size">{fileSize(num(p.fileSize))}</div>
        {m.status === 'unSend' && <Progress percent={Math.round((m.progress ?? 0) * 100)} size="small" />}
      </div>
      {url && m.status === 'success' && (
        <Button
          type="text"
          icon={<DownloadOutlined />}
          href={url}
          download={name}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('im.download')}
        />
      )}
    </div>
  );
}

export function SoundBubble({ payload }: { payload: P }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const url = safeUrl(payload.url);
  const play = () => {
    if (!url) return;
    const audio = new Audio(url);
    audio.onended = () => setPlaying(false);
    setPlaying(true);
    // Spec §8: a format the browser cannot play (e.g. AMR) gets a hint to use Chrome.
    audio.play().catch(() => {
      setPlaying(false);
      void message.info(t('im.voiceUnsupported'));
    });
  };
  return (
    <button type="button" className="fc-im-sound" onClick={play} aria-label={t('im.voice')}>
      <PlayCircleOutlined spin={playing} /> {t('im.seconds', { n: num(payload.second) })}
    </button>
  );
}

export function FaceBubble({ payload }: { payload: P }) {
  const { t } = useTranslation();
  const sticker = stickerOf({ index: num(payload.index), data: str(payload.data) });
  return sticker ? <Sticker sticker={sticker} size={64} /> : <span>{t('im.preview_tags.face')}</span>;
}

export function VideoBubble({ m }: { m: Message }) {
  const { t } = useTranslation();
  const p = fields(m);
  const src = safeUrl(p.videoUrl);
  return (
    <div className="fc-im-video">
      {src && (
        <video
          src={src}
          poster={safeUrl(p.thumbUrl)}
          controls
          preload="metadata"
          width={240}
          height={160}
          onError={(e) => {
            const err = e.currentTarget.error;
            void message.error(t('im.videoError', { reason: err?.message || `code ${err?.code ?? '?'}` }));
          }}
        />
      )}
      {m.status === 'unSend' && <Progress percent={Math.round((m.progress ?? 0) * 100)} size="small" />}
    </div>
  );
}

export function LocationBubble({ payload }: { payload: P }) {
  const { t } = useTranslation();
  const lat = num(payload.latitude);
  const lng = num(payload.longitude);
  return (
    <a
      className="fc-im-geo"
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      <EnvironmentOutlined /> <span>{str(payload.description) || t('im.location')}</span>
      <span className="fc-im-geo-coords">
        {lat.toFixed(5)}, {lng.toFixed(5)}
      </span>
    </a>
  );
}

export function CallBubble({ call }: { call: CallRecord }) {
  const { t } = useTranslation();
  const video = call.callType === 'video' || call.callType === 2;
  const outcome =
    call.outcome && call.outcome !== 'completed' ? t(`im.callRecord.${call.outcome}`) : undefined;
  return (
    <span className="fc-im-call">
      {video ? <VideoCameraOutlined /> : <PhoneOutlined />}{' '}
      {t(video ? 'im.callRecord.video' : 'im.callRecord.voice')}{' '}
      {outcome ?? t('im.callRecord.duration', { time: duration(num(call.duration)) })}
    </span>
  );
}

/** Whether a message is drawn as a bubble (false: centred notice). */
export const isNotice = (m: Message) =>
  m.isRevoked || m.type === TYPES.MSG_GRP_TIP || m.type === TYPES.MSG_GRP_SYS_NOTICE;

export function Bubble({ m, onPreview }: { m: Message; onPreview: () => void }) {
  const { t } = useTranslation();
  const p = fields(m);
  switch (m.type) {
    case TYPES.MSG_TEXT:
      return <TextBubble payload={p} />;
    case TYPES.MSG_IMAGE:
      return <ImageBubble m={m} onPreview={onPreview} />;
    case TYPES.MSG_FILE:
      return <FileBubble m={m} />;
    case TYPES.MSG_SOUND:
      return <SoundBubble payload={p} />;
    case TYPES.MSG_FACE:
      return <FaceBubble payload={p} />;
    case TYPES.MSG_VIDEO:
      return <VideoBubble m={m} />;
    case TYPES.MSG_LOCATION:
      return <LocationBubble payload={p} />;
    case TYPES.MSG_CUSTOM: {
      const call = parseCall(p);
      if (call) return <CallBubble call={call} />;
      const offer = offerCardOf(p.data);
      if (offer) return <OfferCard card={offer} />;
      break;
    }
  }
  return <span className="fc-im-unsupported">{t('im.unsupported')}</span>;
}
