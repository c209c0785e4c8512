import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferVersion } from '@forecourt/contracts/sales';
import { offerDetail, openOfferPdf } from './api';
import { yuan } from './money';
import './messages';

/** Every version of an inquiry's offer, oldest first: a revision never overwrites one, each stays printable. */
export function VersionsDialog({ offerId, onClose }: { offerId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({
    queryKey: ['sales-offer', 'detail', offerId],
    queryFn: () => offerDetail(offerId),
  });
  return (
    <Modal open title={t('sales.offer.versions')} footer={null} onCancel={onClose} width={640}>
      <Table<OfferVersion>
        rowKey="id"
        size="small"
        pagination={false}
        loading={detail.isPending}
        dataSource={detail.data?.versions ?? []}
        columns={[
          { title: t('sales.offer.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
          {
            title: t('sales.offer.status'),
            dataIndex: 'status',
            render: (s: string) => <Tag>{t(`sales.offer.status_.${s}`)}</Tag>,
          },
          { title: t('sales.offer.total'), dataIndex: 'total', render: (v: string) => yuan(v) },
          { title: t('sales.offer.createTime'), dataIndex: 'createTime' },
          {
            title: '',
            key: 'pdf',
            render: (_: unknown, v: OfferVersion) => (
              <Button size="small" type="link" onClick={() => void openOfferPdf(v.id, i18n.language)}>
                {t('sales.offer.pdf')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
