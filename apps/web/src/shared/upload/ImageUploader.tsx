import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { compressImage } from './compress';
import { ImagePreview } from './ImagePreview';
import { useControlled } from './controlled';
import './messages';
import { UploadError, uploadFile } from './oss';
import {
  IMAGE_EXTS,
  IMAGE_LIMIT,
  acceptOf,
  checkImage,
  displayName,
  overLimit,
  type UploadResult,
} from './rules';
import { toast } from '@/shared/http';

/** edit: pick and remove; browse: look only; disabled: shown greyed, nothing changes. */
export type UploaderMode = 'edit' | 'browse' | 'disabled';

export interface ImageUploaderProps {
  value?: UploadResult[];
  onChange?: (value: UploadResult[]) => void;
  /** Most images (spec §9: 8). */
  limit?: number;
  /** One image only: a second needs the first removed. */
  single?: boolean;
  mode?: UploaderMode;
  /** antd Form passes this for a disabled form; same as mode 'disabled'. */
  disabled?: boolean;
  /** How many images are still uploading (the dialog waits for them). */
  onUploadingChange?: (count: number) => void;
  /** Hides the format hint under the cards. */
  hideHint?: boolean;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
  file: File;
  abort: AbortController;
}

const toFile = (r: UploadResult, i: number): UploadFile => ({
  uid: `done-${i}-${r.filePath}`,
  name: displayName(r),
  status: 'done',
  url: r.filePath,
  thumbUrl: r.filePath,
});

/**
 * Spec §5 image uploader: png/jpeg/jpg in any case, at most 500 kb, at most 8 (or one), compressed at
 * quality 0.8 and uploaded as soon as they are chosen; a failed upload leaves the list.
 */
export function ImageUploader({
  value,
  onChange,
  limit = IMAGE_LIMIT,
  single = false,
  mode = 'edit',
  disabled,
  onUploadingChange,
  hideHint,
}: ImageUploaderProps) {
  const { t } = useTranslation();
  const [images, setImages, imagesRef] = useControlled<UploadResult[]>(value, onChange, []);
  const [pending, setPending] = useState<Pending[]>([]);
  const [preview, setPreview] = useState<string>();
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const effectiveMode: UploaderMode = disabled ? 'disabled' : mode;
  const max = single ? 1 : limit;

  useEffect(() => onUploadingChange?.(pending.length), [pending.length, onUploadingChange]);
  useEffect(() => () => pendingRef.current.forEach((p) => p.abort.abort()), []);

  const fileList = useMemo<UploadFile[]>(
    () => [
      ...images.map(toFile),
      ...pending.map((p) => ({
        uid: p.uid,
        name: p.name,
        status: 'uploading' as const,
        percent: p.percent,
        originFileObj: p.file as UploadFile['originFileObj'],
      })),
    ],
    [images, pending],
  );

  const start = async (file: File) => {
    const abort = new AbortController();
    const uid = `up-${file.name}-${Date.now()}-${Math.random()}`;
    setPending((list) => [...list, { uid, name: file.name, percent: 0, file, abort }]);
    const progress = (percent: number) =>
      setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p)));
    try {
      const blob = await compressImage(file);
      const stored = await uploadFile(blob, file.name, {
        policy: 'image',
        onProgress: progress,
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      setImages((prev) => [
        ...prev,
        { fileName: stored.fileName, filePath: stored.filePath, fileType: stored.fileType },
      ]);
    } catch (e) {
      if (!abort.signal.aborted) {
        const reason = e instanceof UploadError ? e.message : t('upload.failedRetry');
        toast.error(t('upload.imageFailed', { reason }));
      }
    } finally {
      setPending((list) => list.filter((p) => p.uid !== uid));
    }
  };

  // Files chosen together are judged together once: the count moves while the first ones start.
  const verdicts = useRef(new WeakMap<File[], boolean>());
  const batchAllowed = (batch: File[]) => {
    let allowed = verdicts.current.get(batch);
    if (allowed !== undefined) return allowed;
    const count = imagesRef.current.length + pendingRef.current.length;
    allowed = false;
    if (single && count + batch.length > 1) toast.warning(t('upload.singleImage'));
    else if (overLimit(max, count, batch.length)) toast.warning(t('upload.imageLimit', { limit: max }));
    else allowed = true;
    verdicts.current.set(batch, allowed);
    return allowed;
  };

  const beforeUpload = (file: File, batch: File[]) => {
    if (effectiveMode !== 'edit' || !batchAllowed(batch)) return Upload.LIST_IGNORE;
    const problem = checkImage(file);
    if (problem) {
      toast.error(t(problem));
      return Upload.LIST_IGNORE;
    }
    void start(file);
    // The upload runs here, not in antd: the list shows this component's own state.
    return Upload.LIST_IGNORE;
  };

  const remove = (file: UploadFile) => {
    const p = pending.find((x) => x.uid === file.uid);
    if (p) {
      p.abort.abort();
      setPending((list) => list.filter((x) => x.uid !== p.uid));
      return false;
    }
    setImages((prev) => prev.filter((_, i) => toFile(prev[i]!, i).uid !== file.uid));
    return false;
  };

  const editable = effectiveMode === 'edit';
  return (
    <div className="fc-image-uploader">
      <Upload
        listType="picture-card"
        fileList={fileList}
        accept={{ format: acceptOf(IMAGE_EXTS), filter: 'native' }}
        multiple={!single}
        disabled={effectiveMode === 'disabled'}
        beforeUpload={beforeUpload}
        onPreview={(f) => setPreview(f.url ?? f.thumbUrl)}
        onRemove={remove}
        showUploadList={{ showRemoveIcon: editable, showPreviewIcon: true }}
      >
        {editable && (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.selectImages')}</div>
          </button>
        )}
      </Upload>
      {!editable && !fileList.length && (
        <Typography.Text type="secondary">{t('upload.noImages')}</Typography.Text>
      )}
      {editable && !hideHint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('upload.imageHint', { limit: max })}
        </Typography.Text>
      )}
      <ImagePreview src={preview} onClose={() => setPreview(undefined)} />
    </div>
  );
}
