import { Suspense, lazy, useState } from 'react';

const PreviewDialog = lazy(() => import('./PreviewDialog'));

/**
 * The image preview dialog of both uploaders. Its dialog (antd's Modal) loads the first time an image is
 * previewed, not with the page; once opened it stays mounted, so it closes with its motion.
 */
export function ImagePreview({ src, onClose }: { src?: string; onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  if (src && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense>
      <PreviewDialog src={src} onClose={onClose} />
    </Suspense>
  );
}
