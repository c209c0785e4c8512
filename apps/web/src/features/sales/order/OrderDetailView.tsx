import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, TradeView } from '@forecourt/contracts/sales';
import type { FieldProps } from '@/shared/crud';
import { yuan } from '../offer/money';
import { KIND_COLOR, STATUS_COLOR } from './colors';
import { MoneyCell } from './money';
import './messages';

/** The order's detail as the view dialog holds it (the engine's detail call answered it). */
const detailOf = (p: FieldProps) => p.record as unknown as Partial<OrderDetail>;

const LINES = [
  'invoicePrice',
  'purchaseTax',
  'insurance',
  'registrationFee',
  'accessoriesTotal',
  'serviceFee',
  'tradeInCredit',
] as const;

/** What the accepted offer charges, line by line, to the amount due. */
export function OfferLines(p: FieldProps) {
  const { t } = useTranslation();
  const d = detailOf(p);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
      {LINES.map((k) => (
        <Descriptions.Item key={k} label={t(`sales.order.${k}`)}>
          {d[k] === undefined ? '' : yuan(d[k])}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('sales.order.amountDue')}>
        <strong>{d.amountDue ? yuan(d.amountDue) : ''}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Due, received, outstanding; the loan planned and disbursed; when it was settled or why it was cancelled. */
export function Payments(p: FieldProps) {
  const { t } = useTranslation();
  const d = detailOf(p);
  const money = (v?: string | null) => (v ? yuan(v) : '');
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 3 }}>
      <Descriptions.Item label={t('sales.order.amountDue')}>{money(d.amountDue)}</Descriptions.Item>
      <Descriptions.Item label={t('sales.order.received')}>{money(d.received)}</Descriptions.Item>
      <Descriptions.Item label={t('sales.order.outstanding')}>
        <strong>{money(d.outstanding)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('sales.order.loanAmount')}>
        {d.loanAmount ? yuan(d.loanAmount) : t('sales.order.cashSale')}
      </Descriptions.Item>
      <Descriptions.Item label={t('sales.order.loanReceived')}>
        {d.loanAmount ? money(d.loanReceived) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('sales.order.status')}>
        {d.status && <Tag color={STATUS_COLOR[d.status]}>{t(`sales.order.status_.${d.status}`)}</Tag>}
      </Descriptions.Item>
      {d.settledAt && <Descriptions.Item label={t('sales.order.settledAt')}>{d.settledAt}</Descriptions.Item>}
      {d.status === 'cancelled' && (
        <Descriptions.Item label={t('sales.order.cancelReason')} span={3}>
          {d.cancelReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** Every receipt and refund on the order, oldest first, as the server lists them. */
export function Trades({ value }: FieldProps) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? (value as TradeView[]) : [];
  return (
    <Table<TradeView>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      locale={{ emptyText: t('crud.empty') }}
      columns={[
        { key: 'tradeNo', dataIndex: 'tradeNo', title: t('sales.order.tradeNo') },
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('sales.order.kind'),
          render: (k: string) => <Tag color={KIND_COLOR[k]}>{t(`sales.order.kind_.${k}`)}</Tag>,
        },
        {
          key: 'method',
          dataIndex: 'method',
          title: t('sales.order.method'),
          render: (m: string) => t(`sales.order.method_.${m}`),
        },
        {
          key: 'amount',
          dataIndex: 'amount',
          title: t('sales.order.amount'),
          align: 'right',
          render: (a: string, r) => <MoneyCell value={r.kind === 'refund' ? `-${a}` : a} />,
        },
        { key: 'reference', dataIndex: 'reference', title: t('sales.order.reference') },
        { key: 'paidAt', dataIndex: 'paidAt', title: t('sales.order.paidAt'), width: 170 },
        { key: 'createUserName', dataIndex: 'createUserName', title: t('sales.order.createUserName') },
        { key: 'remark', dataIndex: 'remark', title: t('sales.order.remark') },
      ]}
    />
  );
}
