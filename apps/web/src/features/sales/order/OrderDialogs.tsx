import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHODS,
  TRADE_REFERENCE_MAX,
  TRADE_REMARK_MAX,
  cmp,
  isMoneyInput,
  sub,
  type OrderDetail,
  type OrderView,
  type PaymentMethod,
  type TradeBody,
} from '@forecourt/contracts/sales';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { yuan } from '../offer/money';
import { orderDetailQuery, useCancelOrder, useTrade, type TradeAction } from './api';
import './messages';

/** The wire form of a trade's time (the contract's `yyyy-MM-dd HH:mm:ss`). */
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

interface TradeValues {
  amount: string;
  method: PaymentMethod;
  reference?: string;
  paidAt: Dayjs;
  remark?: string;
}

export interface TradeDialogProps {
  action: TradeAction;
  order: OrderView;
  onClose: () => void;
  /** The trade was recorded: the order as it now stands. */
  onDone: (order: OrderDetail) => void;
}

/**
 * A receipt or a refund on an order, checked here by the rules the server enforces, with messages naming
 * the limit: an amount above zero and at most the outstanding (a receipt) or the received (a refund); a
 * serial number for every method but cash; a loan disbursement only on an order with a loan, at most what
 * is left of it; a time not in the future; a refund's reason.
 */
export function TradeDialog({ action, order, onClose, onDone }: TradeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TradeValues>();
  useRevalidateOnLanguage(form);
  const trade = useTrade(action);
  const refund = action === 'refund';
  // The detail brings what the list does not: the loan disbursed so far (and the latest figures).
  const detail = useQuery(orderDetailQuery(order.id)).data;
  const o: OrderView = detail ?? order;
  const loanReceived = detail?.loanReceived;
  const limit = refund ? o.received : o.outstanding;
  // What a loan receipt may still bring, or a loan refund take back; unknown until the detail is in.
  const loanLimit =
    o.loanAmount && loanReceived !== undefined
      ? refund
        ? loanReceived
        : sub(o.loanAmount, loanReceived)
      : undefined;
  const methods = PAYMENT_METHODS.filter((m) => m !== 'loan' || Boolean(o.loanAmount));
  const label = (key: string) => t(`sales.order.${key}`);

  const amountRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_, raw?: string) => {
      const v = raw?.trim();
      if (!v) return;
      if (!isMoneyInput(v)) throw new Error(t('sales.order.moneyRule', { label: label('amount') }));
      if (cmp(v, '0') <= 0) throw new Error(t('sales.order.positiveRule', { label: label('amount') }));
      if (cmp(v, limit) > 0)
        throw new Error(
          t(refund ? 'sales.order.overReceived' : 'sales.order.overOutstanding', { limit: yuan(limit) }),
        );
      if (getFieldValue('method') === 'loan' && loanLimit !== undefined && cmp(v, loanLimit) > 0)
        throw new Error(
          t(refund ? 'sales.order.overLoanReceived' : 'sales.order.overLoan', { limit: yuan(loanLimit) }),
        );
    },
  });
  const referenceRule: FormRule = ({ getFieldValue }) => ({
    required: getFieldValue('method') !== 'cash',
    whitespace: true,
    message: t('sales.order.referenceRequired'),
  });
  const notFuture: FormRule = {
    validator: async (_, v?: Dayjs) => {
      if (v?.isAfter(dayjs())) throw new Error(t('sales.order.futureRule'));
    },
  };
  const remarkLabel = label(refund ? 'refundReason' : 'remark');

  const save = async () => {
    let v: TradeValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const reference = v.reference?.trim();
    const remark = v.remark?.trim();
    const body: TradeBody = {
      orderId: order.id,
      amount: v.amount.trim(),
      method: v.method,
      ...(reference ? { reference } : {}),
      paidAt: v.paidAt.format(DATE_TIME),
      ...(remark ? { remark } : {}),
    };
    try {
      onDone(await trade.mutateAsync(body));
    } catch {
      // The client showed the server's refusal; the dialog stays open to correct it.
    }
  };

  const name = `${order.orderNo} · ${order.customerName}`;
  return (
    <Modal
      open
      title={t(refund ? 'sales.order.refundTitle' : 'sales.order.receiveTitle', { name })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t(refund ? 'sales.order.refund' : 'sales.order.receive')}
      okButtonProps={{ danger: refund }}
      confirmLoading={trade.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={label('amountDue')}>{yuan(o.amountDue)}</Descriptions.Item>
        <Descriptions.Item label={label('received')}>{yuan(o.received)}</Descriptions.Item>
        <Descriptions.Item label={label('outstanding')}>{yuan(o.outstanding)}</Descriptions.Item>
      </Descriptions>
      {refund && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={label('refundHint')} />}
      <Form
        form={form}
        layout="vertical"
        name={`sales-order-${action}`}
        initialValues={{ method: 'transfer', paidAt: dayjs() }}
      >
        <Form.Item
          name="amount"
          label={label('amount')}
          extra={t('sales.order.amountHint', { limit: yuan(limit) })}
          dependencies={['method']}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { label: label('amount') }) },
            amountRule,
          ]}
        >
          <Input inputMode="decimal" prefix="¥" />
        </Form.Item>
        <Form.Item
          name="method"
          label={label('method')}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: label('method') }) }]}
          extra={
            o.loanAmount && loanReceived !== undefined && !refund
              ? t('sales.order.loanHint', {
                  limit: yuan(sub(o.loanAmount, loanReceived)),
                  planned: yuan(o.loanAmount),
                  received: yuan(loanReceived),
                })
              : undefined
          }
        >
          <Select options={methods.map((m) => ({ value: m, label: t(`sales.order.method_.${m}`) }))} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={label('reference')}
          extra={label('referenceHint')}
          dependencies={['method']}
          rules={[
            referenceRule,
            {
              max: TRADE_REFERENCE_MAX,
              message: t('crud.maxLength', { label: label('reference'), max: TRADE_REFERENCE_MAX }),
            },
          ]}
        >
          <Input maxLength={TRADE_REFERENCE_MAX} />
        </Form.Item>
        <Form.Item
          name="paidAt"
          label={label('paidAt')}
          rules={[
            { required: true, message: t('crud.chooseRequired', { label: label('paidAt') }) },
            notFuture,
          ]}
        >
          <DatePicker
            showTime
            format={DATE_TIME}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={remarkLabel}
          rules={[
            { required: refund, whitespace: true, message: t('crud.required', { label: remarkLabel }) },
            {
              max: TRADE_REMARK_MAX,
              message: t('crud.maxLength', { label: remarkLabel, max: TRADE_REMARK_MAX }),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={TRADE_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface CancelDialogProps {
  order: OrderView;
  onClose: () => void;
  onDone: (order: OrderView) => void;
}

/** Cancelling an order that holds no money, with the reason the order keeps. */
export function CancelDialog({ order, onClose, onDone }: CancelDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  useRevalidateOnLanguage(form);
  const cancel = useCancelOrder();
  const reasonLabel = t('sales.order.reason');
  const save = async () => {
    let v: { reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      onDone(await cancel.mutateAsync({ id: order.id, reason: v.reason.trim() }));
    } catch {
      // Shown by the client; the dialog stays open.
    }
  };
  return (
    <Modal
      open
      title={t('sales.order.cancelTitle', { name: `${order.orderNo} · ${order.customerName}` })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('sales.order.cancel')}
      okButtonProps={{ danger: true }}
      // Beside "Cancel order", a plain "Cancel" would read as the same thing: this one closes the dialog.
      cancelText={t('crud.close')}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('sales.order.cancelHint')} />
      <Form form={form} layout="vertical" name="sales-order-cancel">
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { label: reasonLabel }) },
            {
              max: TRADE_REMARK_MAX,
              message: t('crud.maxLength', { label: reasonLabel, max: TRADE_REMARK_MAX }),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={TRADE_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
