import { useTranslation } from 'react-i18next';
import { stickerName, type StickerDef } from '../stickers';

/** A sticker drawn as inline SVG text: no image requests, sharp at any size, named for screen readers. */
export function Sticker({ sticker, size = 24 }: { sticker: StickerDef; size?: number }) {
  const { i18n } = useTranslation();
  const name = stickerName(sticker, i18n.language);
  return (
    <svg
      role="img"
      aria-label={name}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className="fc-im-sticker"
    >
      <title>{name}</title>
      <text x="16" y="26" fontSize="26" textAnchor="middle">
        {sticker.char}
      </text>
    </svg>
  );
}
