import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { POINTS_REMARK_MAX, type PointExchange, type PointExchangeSubmit } from '@forecourt/contracts';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import {
  LEDGERS,
  accountQuery,
  shelfQuery,
  useExchangeMove,
  useSubmitExchange,
  type ExchangeMove,
} from './api';
import { AccountLine } from './AccountLine';
import { exchangeName } from './exchangeDef';
import { pointsText } from './format';
import { HolderSelect } from './HolderSelect';
import './messages';

/** The most units of a good one exchange takes (the contract's). */
const QUANTITY_MAX = 99;

interface ExchangeValues {
  customerId?: string;
  goodsId?: string;
  quantity?: number | null;
  remark?: string;
}

export interface NewExchangeDialogProps {
  onClose: () => void;
  onDone: (exchange: PointExchange) => void;
}

/**
 * A customer's points exchanged for a good on the shelf. The customer's balance shows once chosen, and the
 * total (the good's points × the quantity) as it is typed; a total above the balance or a quantity above
 * the stock is refused here, before the server would.
 */
export function NewExchangeDialog({ onClose, onDone }: NewExchangeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExchangeValues>();
  useRevalidateOnLanguage(form);
  const submit = useSubmitExchange();
  const customers = LEDGERS.customer;
  const customerId = Form.useWatch('customerId', form);
  const goodsId = Form.useWatch('goodsId', form);
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const balance = useQuery(accountQuery(customers, customerId)).data?.balance;
  const shelf = useQuery(shelfQuery());
  const good = shelf.data?.find((g) => g.id === goodsId);
  const total = good && quantity > 0 ? good.points * quantity : undefined;
  const short = total !== undefined && balance !== undefined && total > balance;
  const overStock = good !== undefined && quantity > good.stock;
  const label = (key: string) => t(`points.exchange.${key}`);
  const customerLabel = label('customer');
  const goodsLabel = label('goods');
  const quantityLabel = label('quantity');
  const remarkLabel = label('remark');

  const shortText = () =>
    t('points.exchange.short', { total: pointsText(total ?? 0), balance: pointsText(balance ?? 0) });
  const quantityRule: FormRule = {
    validator: async (_, v?: number | null) => {
      if (v === undefined || v === null) return;
      if (good && v > good.stock) throw new Error(t('points.exchange.overStock', { stock: good.stock }));
      if (good && balance !== undefined && good.points * v > balance) throw new Error(shortText());
    },
  };

  const save = async () => {
    let v: ExchangeValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const remark = v.remark?.trim();
    const body: PointExchangeSubmit = {
      customerId: v.customerId!,
      goodsId: v.goodsId!,
      quantity: v.quantity!,
      ...(remark ? { remark } : {}),
    };
    try {
      onDone(await submit.mutateAsync(body));
    } catch {
      // Shown by the client (the stock, the balance, a good taken off the shelf); the dialog stays open.
    }
  };

  return (
    <Modal
      open
      title={label('addTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={submit.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="points-exchange-add" initialValues={{ quantity: 1 }}>
        <Form.Item
          name="customerId"
          label={customerLabel}
          extra={label('customerHint')}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: customerLabel }) }]}
        >
          <HolderSelect party="customer" placeholder={t('crud.choose', { label: customerLabel })} />
        </Form.Item>
        <AccountLine ledger={customers} partyId={customerId} />
        <Form.Item
          name="goodsId"
          label={goodsLabel}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: goodsLabel }) }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={shelf.isFetching}
            placeholder={t('crud.choose', { label: goodsLabel })}
            notFoundContent={shelf.isFetching ? undefined : label('noGoods')}
            onChange={() => void form.validateFields(['quantity']).catch(() => undefined)}
            options={(shelf.data ?? []).map((g) => ({
              value: g.id,
              label: t('points.exchange.goodsOption', {
                name: g.name,
                points: pointsText(g.points),
                stock: g.stock,
              }),
              disabled: g.stock <= 0,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={quantityLabel}
          rules={[
            { required: true, message: t('crud.required', { label: quantityLabel }) },
            { type: 'number', min: 1, message: t('crud.minNumber', { label: quantityLabel, min: 1 }) },
            {
              type: 'number',
              max: QUANTITY_MAX,
              message: t('crud.maxNumber', { label: quantityLabel, max: QUANTITY_MAX }),
            },
            quantityRule,
          ]}
        >
          <InputNumber min={1} max={QUANTITY_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {good && total !== undefined && (
          <Alert
            style={{ marginBottom: 16 }}
            showIcon
            type={short || overStock ? 'error' : 'info'}
            title={
              <span data-testid="exchange-total">
                {t('points.exchange.total', { total: pointsText(total) })}
                {' ('}
                {t('points.exchange.totalOf', { points: pointsText(good.points), quantity })}
                {')'}
              </span>
            }
            description={
              short
                ? shortText()
                : overStock
                  ? t('points.exchange.overStock', { stock: good.stock })
                  : balance !== undefined
                    ? t('points.exchange.after', { after: pointsText(balance - total) })
                    : undefined
            }
          />
        )}
        <Form.Item
          name="remark"
          label={remarkLabel}
          rules={[
            {
              max: POINTS_REMARK_MAX,
              message: t('crud.maxLength', { label: remarkLabel, max: POINTS_REMARK_MAX }),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={POINTS_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface MoveDialogProps {
  move: ExchangeMove;
  exchange: PointExchange;
  onClose: () => void;
  onDone: (exchange: PointExchange) => void;
}

/**
 * A pending exchange delivered (a remark may say how) or cancelled (the reason is required; the points and
 * the stock go back).
 */
export function MoveDialog({ move, exchange, onClose, onDone }: MoveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark?: string }>();
  useRevalidateOnLanguage(form);
  const mutation = useExchangeMove(move);
  const cancel = move === 'cancel';
  const remarkLabel = t(cancel ? 'points.exchange.reason' : 'points.exchange.remark');
  const save = async () => {
    let v: { remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const remark = v.remark?.trim();
    try {
      onDone(await mutation.mutateAsync({ id: exchange.id, ...(remark ? { remark } : {}) }));
    } catch {
      // Shown by the client (e.g. someone moved it first); the dialog stays open.
    }
  };
  const name = exchangeName(exchange);
  return (
    <Modal
      open
      title={t(cancel ? 'points.exchange.cancelTitle' : 'points.exchange.deliverTitle', { name })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t(cancel ? 'points.exchange.cancel' : 'points.exchange.deliver')}
      okButtonProps={{ danger: cancel }}
      // Beside "Cancel exchange", a plain "Cancel" would read as the same thing: this one closes the dialog.
      cancelText={t('crud.close')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('points.exchange.goodsName')}>
          {exchange.goodsName} × {exchange.quantity}
        </Descriptions.Item>
        <Descriptions.Item label={t('points.exchange.points')}>
          {pointsText(exchange.points)}
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={cancel ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          cancel
            ? t('points.exchange.cancelHint', {
                points: pointsText(exchange.points),
                quantity: exchange.quantity,
              })
            : t('points.exchange.deliverHint')
        }
      />
      <Form form={form} layout="vertical" name={`points-exchange-${move}`}>
        <Form.Item
          name="remark"
          label={remarkLabel}
          rules={[
            { required: cancel, whitespace: true, message: t('crud.required', { label: remarkLabel }) },
            {
              max: POINTS_REMARK_MAX,
              message: t('crud.maxLength', { label: remarkLabel, max: POINTS_REMARK_MAX }),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={POINTS_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
