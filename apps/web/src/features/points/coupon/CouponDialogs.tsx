import { Alert, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Radio, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COUPON_KINDS, type Coupon, type CouponIssueBody, type CouponKind } from '@forecourt/contracts';
import { cmp, isMoneyInput } from '@forecourt/contracts/sales';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { HolderSelect } from '../ledger/HolderSelect';
import { useCouponMove, useIssueCoupons, type CouponMove } from './api';
import { amountText, couponName, minSpendText } from './couponDef';
import './messages';

/** The contract's limits: a title's length, the coupons of one issue, a remark's length. */
const TITLE_MAX = 40;
const QUANTITY_MAX = 10;
const REMARK_MAX = 200;
const DAY = 'YYYY-MM-DD';

interface IssueValues {
  customerId?: string;
  title?: string;
  kind?: CouponKind;
  amount?: string;
  minSpend?: string;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  quantity?: number | null;
}

export interface IssueDialogProps {
  onClose: () => void;
  onDone: (coupons: Coupon[]) => void;
}

/**
 * Coupons issued to one customer: a title, the kind (a cash coupon's amount and minimum spend), the days
 * it is valid and how many. The server's rules are checked here first: a cash coupon needs an amount
 * above 0 and a minimum spend (if any) not below it; the last day is neither before the first nor past.
 */
export function IssueDialog({ onClose, onDone }: IssueDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IssueValues>();
  useRevalidateOnLanguage(form);
  const issue = useIssueCoupons();
  const kind = Form.useWatch('kind', form) ?? 'cash';
  const cash = kind === 'cash';
  const label = (key: string) => t(`points.coupon.${key}`);
  const customerLabel = label('customer');
  const titleLabel = label('title');
  const amountLabel = label('amount');
  const minSpendLabel = label('minSpend');
  const validFromLabel = label('validFrom');
  const validToLabel = label('validTo');
  const quantityLabel = label('quantity');

  const moneyRule =
    (fieldLabel: string, positive: boolean): FormRule =>
    () => ({
      validator: async (_, raw?: string) => {
        const v = raw?.trim();
        if (!v) return;
        if (!isMoneyInput(v)) throw new Error(t('points.coupon.moneyRule', { label: fieldLabel }));
        if (positive && cmp(v, '0') <= 0)
          throw new Error(t('points.coupon.positiveRule', { label: fieldLabel }));
      },
    });
  const minSpendRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_, raw?: string) => {
      const v = raw?.trim();
      const amount = (getFieldValue('amount') as string | undefined)?.trim();
      if (!v || !isMoneyInput(v) || cmp(v, '0') <= 0) return;
      if (amount && isMoneyInput(amount) && cmp(v, amount) < 0)
        throw new Error(t('points.coupon.minSpendBelow', { amount: amountText({ amount }) }));
    },
  });
  const validToRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_, v?: Dayjs | null) => {
      if (!v) return;
      const from = getFieldValue('validFrom') as Dayjs | null | undefined;
      if (from && v.isBefore(from, 'day')) throw new Error(t('points.coupon.validToBefore'));
      if (v.isBefore(dayjs(), 'day')) throw new Error(t('points.coupon.validToPast'));
    },
  });

  const save = async () => {
    let v: IssueValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const amount = v.amount?.trim();
    const minSpend = v.minSpend?.trim();
    const body: CouponIssueBody = {
      customerId: v.customerId!,
      title: v.title!.trim(),
      kind: v.kind!,
      ...(v.kind === 'cash' ? { amount: amount!, ...(minSpend ? { minSpend } : {}) } : {}),
      validFrom: v.validFrom!.format(DAY),
      validTo: v.validTo!.format(DAY),
      quantity: v.quantity!,
    };
    try {
      onDone(await issue.mutateAsync(body));
    } catch {
      // Shown by the client; the dialog stays open.
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
      confirmLoading={issue.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="points-coupon-issue"
        initialValues={{ kind: 'cash', quantity: 1, validFrom: dayjs() }}
      >
        <Form.Item
          name="customerId"
          label={customerLabel}
          extra={label('customerHint')}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: customerLabel }) }]}
        >
          <HolderSelect party="customer" placeholder={t('crud.choose', { label: customerLabel })} />
        </Form.Item>
        <Form.Item
          name="title"
          label={titleLabel}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { label: titleLabel }) },
            { max: TITLE_MAX, message: t('crud.maxLength', { label: titleLabel, max: TITLE_MAX }) },
          ]}
        >
          <Input maxLength={TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="kind" label={label('kind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            onChange={() => void form.validateFields(['amount', 'minSpend']).catch(() => undefined)}
            options={COUPON_KINDS.map((k) => ({ value: k, label: t(`points.coupon.kind_.${k}`) }))}
          />
        </Form.Item>
        {cash && (
          <>
            <Form.Item
              name="amount"
              label={amountLabel}
              extra={label('amountHint')}
              rules={[
                { required: true, whitespace: true, message: t('crud.required', { label: amountLabel }) },
                moneyRule(amountLabel, true),
              ]}
            >
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="minSpend"
              label={minSpendLabel}
              extra={label('minSpendHint')}
              dependencies={['amount']}
              rules={[moneyRule(minSpendLabel, false), minSpendRule]}
            >
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="validFrom"
          label={validFromLabel}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: validFromLabel }) }]}
        >
          <DatePicker format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="validTo"
          label={validToLabel}
          dependencies={['validFrom']}
          rules={[
            { required: true, message: t('crud.chooseRequired', { label: validToLabel }) },
            validToRule,
          ]}
        >
          <DatePicker format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={quantityLabel}
          extra={label('quantityHint')}
          rules={[
            { required: true, message: t('crud.required', { label: quantityLabel }) },
            { type: 'number', min: 1, message: t('crud.minNumber', { label: quantityLabel, min: 1 }) },
            {
              type: 'number',
              max: QUANTITY_MAX,
              message: t('crud.maxNumber', { label: quantityLabel, max: QUANTITY_MAX }),
            },
          ]}
        >
          <InputNumber min={1} max={QUANTITY_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface MoveDialogProps {
  move: CouponMove;
  coupon: Coupon;
  onClose: () => void;
  onDone: (coupon: Coupon) => void;
}

/** An unused coupon used (a remark may say where, e.g. the order number) or voided (the reason is required). */
export function MoveDialog({ move, coupon, onClose, onDone }: MoveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark?: string }>();
  useRevalidateOnLanguage(form);
  const mutation = useCouponMove(move);
  const voiding = move === 'void';
  const remarkLabel = t(voiding ? 'points.coupon.reason' : 'points.coupon.useRemark');
  const save = async () => {
    let v: { remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      onDone(await mutation.mutateAsync({ id: coupon.id, remark: v.remark?.trim() ?? '' }));
    } catch {
      // Shown by the client (e.g. someone used it first, or it expired); the dialog stays open.
    }
  };
  const name = couponName(coupon);
  return (
    <Modal
      open
      title={t(voiding ? 'points.coupon.voidTitle' : 'points.coupon.useTitle', { name })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t(voiding ? 'points.coupon.void' : 'points.coupon.use')}
      okButtonProps={{ danger: voiding }}
      cancelText={t('crud.close')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('points.coupon.title')}>{coupon.title}</Descriptions.Item>
        <Descriptions.Item label={t('points.coupon.kind')}>
          {t(`points.coupon.kind_.${coupon.kind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('points.coupon.amount')}>{amountText(coupon)}</Descriptions.Item>
        <Descriptions.Item label={t('points.coupon.minSpend')}>{minSpendText(coupon)}</Descriptions.Item>
        <Descriptions.Item label={t('points.coupon.validity')} span={2}>
          {coupon.validFrom} ~ {coupon.validTo}
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={voiding ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t(voiding ? 'points.coupon.voidHint' : 'points.coupon.useHint')}
      />
      <Form form={form} layout="vertical" name={`points-coupon-${move}`}>
        <Form.Item
          name="remark"
          label={remarkLabel}
          extra={voiding ? undefined : t('points.coupon.useRemarkHint')}
          rules={[
            { required: voiding, whitespace: true, message: t('crud.required', { label: remarkLabel }) },
            { max: REMARK_MAX, message: t('crud.maxLength', { label: remarkLabel, max: REMARK_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
