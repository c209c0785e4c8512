import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popover } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { STICKERS, stickerName, type StickerDef } from '../stickers';
import { Sticker } from './Sticker';

/** Spec §9: all 142 stickers in one scrollable grid; picking one sends it as a face message. */
export function EmojiPicker({ onPick, disabled }: { onPick: (s: StickerDef) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const grid = (
    <div className="fc-im-emoji-grid" role="listbox" aria-label={t('im.emoji')}>
      {STICKERS.map((s) => (
        <button
          key={s.key}
          type="button"
          role="option"
          aria-selected={false}
          className="fc-im-emoji-cell"
          title={stickerName(s, i18n.language)}
          onClick={() => {
            setOpen(false);
            onPick(s);
          }}
        >
          <Sticker sticker={s} size={28} />
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="topLeft">
      <Button
        type="text"
        icon={<SmileOutlined />}
        aria-label={t('im.emoji')}
        title={t('im.emoji')}
        disabled={disabled}
      />
    </Popover>
  );
}
