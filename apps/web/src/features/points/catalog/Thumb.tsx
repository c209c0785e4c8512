import { useState } from 'react';
import { ImagePreview } from '@/shared/upload/ImagePreview';

/** A good's picture in the list: small, and whole in a dialog (loaded when first opened) on a click. */
export function Thumb({ src, alt }: { src: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <img
        src={src}
        alt={alt}
        width={40}
        height={40}
        loading="lazy"
        onClick={() => setOpen(true)}
        style={{ objectFit: 'cover', borderRadius: 4, cursor: 'zoom-in', display: 'block' }}
      />
      <ImagePreview src={open ? src : undefined} onClose={() => setOpen(false)} />
    </>
  );
}
