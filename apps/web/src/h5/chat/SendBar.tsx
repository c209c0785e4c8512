import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { PictureOutline, SmileOutline } from 'antd-mobile-icons';
import { Sticker } from '@/features/im/components/Sticker';
import { STICKERS, stickerName, type StickerDef } from '@/features/im/stickers';
import { isBlank } from './thread';

/** Spec §2: the image picker takes jpg, jpeg, png, gif and bmp. */
const IMAGE_EXT = /\.(jpe?g|png|gif|bmp)$/i;

interface Props {
  disabled: boolean;
  onText: (text: string) => Promise<void>;
  onFace: (index: number, sticker: StickerDef) => void;
  onImage: (file: File) => void;
}

/** Text box (Enter sends, Ctrl/Shift+Enter breaks the line), stickers, and an image from the phone. */
export function SendBar({ disabled, onText, onFace, onImage }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [faces, setFaces] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const send = () => {
    if (isBlank(text)) {
      Toast.show({ content: t('chat.emptyMessage') });
      return;
    }
    const sent = text;
    setText('');
    // A send that fails keeps its message in the list with a resend mark; the text is not lost.
    void onText(sent).catch(() => undefined);
  };

  return (
    <div className="h5-sendbar">
      <div className="h5-sendbar-row">
        <Button
          fill="none"
          size="small"
          aria-label={t('chat.emoji')}
          disabled={disabled}
          onClick={() => setFaces(true)}
        >
          <SmileOutline fontSize={24} />
        </Button>
        <Button
          fill="none"
          size="small"
          aria-label={t('chat.image')}
          disabled={disabled}
          onClick={() => file.current?.click()}
        >
          <PictureOutline fontSize={24} />
        </Button>
        <TextArea
          className="h5-input"
          value={text}
          onChange={setText}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          enterKeyHint="send"
          aria-label={t('chat.placeholder')}
          disabled={disabled}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            if (e.ctrlKey || e.shiftKey || e.metaKey) {
              // Spec §2: Ctrl+Enter adds a line break (the browser does not for Ctrl).
              if (e.ctrlKey) {
                e.preventDefault();
                setText((v) => `${v}\n`);
              }
              return;
            }
            e.preventDefault();
            send();
          }}
        />
        <Button color="primary" size="small" disabled={disabled} onClick={send}>
          {t('chat.send')}
        </Button>
      </div>
      <input
        ref={file}
        type="file"
        accept=".jpg,.jpeg,.png,.gif,.bmp,image/jpeg,image/png,image/gif,image/bmp"
        hidden
        data-testid="h5-image-input"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          if (!picked) return;
          if (!IMAGE_EXT.test(picked.name)) {
            Toast.show({ icon: 'fail', content: t('chat.imageFormat') });
            return;
          }
          onImage(picked);
        }}
      />
      <Popup visible={faces} onMaskClick={() => setFaces(false)} bodyClassName="h5-faces">
        <div className="h5-face-grid" role="listbox" aria-label={t('chat.emoji')}>
          {STICKERS.map((s, i) => (
            <button
              key={s.key}
              type="button"
              role="option"
              aria-selected={false}
              className="h5-face"
              title={stickerName(s, i18n.language)}
              onClick={() => {
                setFaces(false);
                onFace(i, s);
              }}
            >
              <Sticker sticker={s} size={30} />
            </button>
          ))}
        </div>
      </Popup>
    </div>
  );
}
