import { extOf, ImageUploader } from '@/shared/upload';

/** The cover, kept as its address; the uploader works with upload results (loaded with the editor page's form). */
export function CoverField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const url = value ?? '';
  return (
    <ImageUploader
      single
      value={url ? [{ fileName: url.split('/').pop() || url, filePath: url, fileType: extOf(url) }] : []}
      onChange={(v) => onChange?.(v[0]?.filePath ?? '')}
    />
  );
}
