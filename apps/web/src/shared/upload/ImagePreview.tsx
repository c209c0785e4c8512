import { lazy } from 'react';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';

const PreviewDialog = lazy(() => import('./PreviewDialog'));

/** The image preview dialog of both uploaders; its dialog (antd's Modal) loads with the first preview. */
export function ImagePreview({ src, onClose }: { src?: string; onClose: () => void }) {
  return (
    <OpenedOnce open={Boolean(src)}>
      <PreviewDialog src={src} onClose={onClose} />
    </OpenedOnce>
  );
}
