import { useTranslation } from 'react-i18next';
import { Space, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { previewOf } from '@/shared/upload/rules';
import '@/shared/upload/messages';
import './messages';

export interface AttachPreviewProps {
  /** The attachment (its detail): the file's address, extension and original name. */
  record: { link?: unknown; extension?: unknown; originalName?: unknown };
}

/**
 * The view dialog's file: what the uploader may preview (its rules: images shown here, PDF in a new
 * window, anything else says it cannot be previewed) and a download link under the original name.
 * Plain links, not buttons: the view form is disabled, and a download must still work.
 */
export function AttachPreview({ record }: AttachPreviewProps) {
  const { t } = useTranslation();
  const link = typeof record.link === 'string' ? record.link : '';
  const name = String(record.originalName ?? '');
  const verdict = previewOf({ filePath: link, fileType: String(record.extension ?? '') });
  if (!link) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} className="fc-attach-preview">
      {'kind' in verdict && verdict.kind === 'image' && (
        <img
          src={link}
          alt={t('attach.previewAlt', { name })}
          style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', display: 'block' }}
        />
      )}
      {'kind' in verdict && verdict.kind === 'pdf' && (
        <a href={link} target="_blank" rel="noopener noreferrer">
          <FilePdfOutlined /> {t('attach.openPdf')}
        </a>
      )}
      {'problem' in verdict && <Typography.Text type="secondary">{t(verdict.problem)}</Typography.Text>}
      <a href={link} download={name || true} aria-label={t('attach.downloadName', { name })}>
        <DownloadOutlined /> {t('attach.download')}
      </a>
    </Space>
  );
}
