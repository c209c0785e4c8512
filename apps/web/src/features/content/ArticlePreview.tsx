import { useQuery } from '@tanstack/react-query';
import { Descriptions, Divider, Modal, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Article } from '@forecourt/contracts';
import { ARTICLE_LIST, articleDetail } from './api';
import { ArticleEditor } from './ArticleEditor';
import './messages';

/** The article as it reads: its title, column, summary and the body in a read-only editor. */
export function ArticlePreview({ article, onClose }: { article: Article; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['crud', ARTICLE_LIST, 'detail', article.id],
    queryFn: () => articleDetail(article.id),
    staleTime: 0,
  });
  const a = detail.data;
  return (
    <Modal
      open
      title={t('content.article.preview')}
      width={860}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {!a ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={3}>{a.title}</Typography.Title>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('content.article.column')}>{a.columnName}</Descriptions.Item>
            <Descriptions.Item label={t('content.article.status')}>
              {t(`content.article.statusOf.${a.status}`)}
              {a.top && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  {t('content.article.topped')}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('content.article.author')}>{a.authorName}</Descriptions.Item>
          </Descriptions>
          {a.summary && <Typography.Paragraph type="secondary">{a.summary}</Typography.Paragraph>}
          <Divider />
          <ArticleEditor value={a.body} editable={false} />
        </>
      )}
    </Modal>
  );
}
