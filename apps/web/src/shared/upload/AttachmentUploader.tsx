import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, List, Progress, Space, Tag, Typography } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useControlled } from './controlled';
import { ImagePreview } from './ImagePreview';
import './messages';
import { UploadError, uploadFile } from './oss';
import {
  ATTACHMENT_LIMIT,
  acceptOf,
  attachmentExts,
  checkAttachment,
  displayName,
  extOf,
  formatSize,
  overLimit,
  previewOf,
  tally,
  type AttachmentItem,
  type AttachmentKind,
} from './rules';
import { toast } from '@/shared/http';
import { confirm } from '@/shared/notify/confirm';

export interface AttachmentUploaderProps {
  /** uploadFileVOList: the stored attachments. */
  value?: AttachmentItem[];
  onChange?: (value: AttachmentItem[]) => void;
  /** payment: images only; other: documents, pdf and video. */
  kind?: AttachmentKind;
  /** Most attachments (spec §9: 3). */
  limit?: number;
  disabled?: boolean;
}

interface Waiting {
  uid: string;
  file: File;
  status: 'waiting' | 'uploading';
  percent: number;
}

/**
 * Spec §5 attachment uploader: chosen files wait in the list (checked by extension and count) until
 * "upload" sends them with progress; then one summary. Stored files preview (image dialog, PDF in a new
 * window), download, and leave the list only after a confirmation naming them.
 */
export function AttachmentUploader({
  value,
  onChange,
  kind = 'other',
  limit = ATTACHMENT_LIMIT,
  disabled,
}: AttachmentUploaderProps) {
  const { t } = useTranslation();
  const [stored, setStored, storedRef] = useControlled<AttachmentItem[]>(value, onChange, []);
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [image, setImage] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const aborts = useRef(new Set<AbortController>());
  const busy = waiting.some((w) => w.status === 'uploading');

  useEffect(() => {
    const all = aborts.current;
    return () => all.forEach((a) => a.abort());
  }, []);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length || disabled) return;
    const over = overLimit(limit, storedRef.current.length + waiting.length, files.length);
    if (over) {
      toast.warning(t('upload.attachmentLimit', over));
      return;
    }
    const accepted: Waiting[] = [];
    const problems = new Set<string>();
    for (const file of files) {
      const problem = checkAttachment(file.name, kind);
      if (problem) problems.add(problem);
      else accepted.push({ uid: `${Date.now()}-${Math.random()}`, file, status: 'waiting', percent: 0 });
    }
    problems.forEach((p) => void toast.error(t(p)));
    if (accepted.length) setWaiting((list) => [...list, ...accepted]);
  };

  const uploadAll = async () => {
    const todo = waiting.filter((w) => w.status === 'waiting');
    if (!todo.length) {
      toast.warning(t('upload.nothingToUpload'));
      return;
    }
    const ids = new Set(todo.map((w) => w.uid));
    setWaiting((list) => list.map((w) => (ids.has(w.uid) ? { ...w, status: 'uploading' } : w)));
    const outcomes = await Promise.all(
      todo.map(async (w) => {
        const abort = new AbortController();
        aborts.current.add(abort);
        try {
          const item = await uploadFile(w.file, w.file.name, {
            policy: kind === 'payment' ? 'payment' : 'attachment',
            signal: abort.signal,
            onProgress: (percent) =>
              setWaiting((list) => list.map((x) => (x.uid === w.uid ? { ...x, percent } : x))),
          });
          setStored((prev) => [...prev, item]);
          return { ok: true };
        } catch (e) {
          if (!abort.signal.aborted) {
            const reason = e instanceof UploadError ? e.message : t('upload.failedRetry');
            toast.error(t('upload.fileFailed', { reason }));
          }
          return { ok: false };
        } finally {
          aborts.current.delete(abort);
          // Sent or failed, the file leaves the waiting list: a failure is chosen again on purpose.
          setWaiting((list) => list.filter((x) => x.uid !== w.uid));
        }
      }),
    );
    const counts = tally(outcomes);
    const text = t('upload.summary', counts);
    void (counts.failed ? toast.warning(text) : toast.success(text));
  };

  const preview = (item: { filePath?: string; fileType?: string }) => {
    const verdict = previewOf(item);
    if ('problem' in verdict) {
      toast.warning(t(verdict.problem));
      return;
    }
    if (verdict.kind === 'pdf') window.open(item.filePath, '_blank', 'noopener');
    else setImage(item.filePath);
  };

  const askRemove = (name: string, remove: () => void) =>
    confirm({ title: t('upload.removeConfirm', { name }), onOk: remove });

  type Row =
    | { type: 'stored'; key: string; name: string; item: AttachmentItem }
    | { type: 'waiting'; key: string; name: string; w: Waiting };
  const rows: Row[] = [
    ...stored.map((item, i) => ({
      type: 'stored' as const,
      key: `s-${item.id || i}-${item.filePath}`,
      name: displayName(item),
      item,
    })),
    ...waiting.map((w) => ({ type: 'waiting' as const, key: w.uid, name: w.file.name, w })),
  ];

  return (
    <div className="fc-attachment-uploader">
      <Space wrap>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptOf(attachmentExts(kind))}
          onChange={choose}
          data-testid="attachment-input"
        />
        <Button icon={<PaperClipOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
          {t('upload.selectFiles')}
        </Button>
        <Button
          type="primary"
          icon={<UploadOutlined />}
          disabled={disabled}
          loading={busy}
          onClick={() => void uploadAll()}
        >
          {t('upload.upload')}
        </Button>
      </Space>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(kind === 'payment' ? 'upload.paymentHint' : 'upload.otherHint', { limit })}
        </Typography.Text>
      </div>
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t('upload.empty') }}
        renderItem={(row) => (
          <List.Item
            key={row.key}
            actions={[
              <Button
                key="preview"
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={`${t('upload.preview')} ${row.name}`}
                onClick={() =>
                  preview(row.type === 'stored' ? row.item : { fileType: extOf(row.w.file.name) })
                }
              />,
              row.type === 'stored' ? (
                <Button
                  key="download"
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={`${t('upload.download')} ${row.name}`}
                  href={row.item.filePath}
                  download={row.name}
                />
              ) : null,
              <Button
                key="remove"
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled || (row.type === 'waiting' && row.w.status === 'uploading')}
                aria-label={`${t('upload.remove')} ${row.name}`}
                onClick={() =>
                  askRemove(row.name, () =>
                    row.type === 'stored'
                      ? setStored((prev) => prev.filter((x) => x !== row.item))
                      : setWaiting((list) => list.filter((x) => x.uid !== row.w.uid)),
                  )
                }
              />,
            ].filter(Boolean)}
          >
            <Space direction="vertical" size={2} style={{ width: '100%' }}>
              <Space>
                <Typography.Link
                  onClick={() =>
                    preview(row.type === 'stored' ? row.item : { fileType: extOf(row.w.file.name) })
                  }
                >
                  {row.name}
                </Typography.Link>
                {row.type === 'waiting' && (
                  <>
                    <Typography.Text type="secondary">{formatSize(row.w.file.size)}</Typography.Text>
                    {row.w.status === 'waiting' && <Tag>{t('upload.waiting')}</Tag>}
                  </>
                )}
              </Space>
              {row.type === 'waiting' && row.w.status === 'uploading' && (
                <Progress percent={row.w.percent} size="small" />
              )}
            </Space>
          </List.Item>
        )}
      />
      <ImagePreview src={image} onClose={() => setImage(undefined)} />
    </div>
  );
}
