import { useRef, useState } from 'react';
import { Descriptions, Form, Input, Modal, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RED_PACKET_GREETING_MAX,
  RED_PACKET_MAX,
  RED_PACKET_SCENES,
  cmp,
  isMoneyInput,
  type RedPacket,
  type RedPacketScene,
  type RedPacketSubmit,
} from '@forecourt/contracts/sales';
import { yuan } from '@/shared/format/money';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { searchCustomers, useApply, useDecide, usePay, type CustomerChoice } from './api';
import { rowName } from './redPacketDef';
import './messages';

/** The contract's limits of a decision's remark and of a serial number. */
const REMARK_MAX = 200;
const REFERENCE_MAX = 64;

interface CustomerSelectProps {
  /** Set by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
  placeholder?: string;
}

/**
 * A customer searched on the server as the user types (by name, or by phone when digits). Only the answer
 * to the latest question is shown: an earlier, slower answer must not replace the matches of what was typed since.
 */
export function CustomerSelect({ id, value, onChange, placeholder }: CustomerSelectProps) {
  const [options, setOptions] = useState<CustomerChoice[]>([]);
  const latest = useRef(0);
  const find = (text: string) => {
    const ask = ++latest.current;
    const show = (rows: CustomerChoice[]) => {
      if (ask === latest.current) setOptions(rows);
    };
    void searchCustomers(text.trim()).then(show, () => show([]));
  };
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: find }}
      allowClear
      value={value}
      placeholder={placeholder}
      onFocus={() => find('')}
      onChange={(v?: string) => onChange?.(v)}
      options={options.map((c) => ({ value: c.id, label: c.phone ? `${c.name} · ${c.phone}` : c.name }))}
    />
  );
}

interface ApplyValues {
  customerId: string;
  scene: RedPacketScene;
  amount: string;
  greeting?: string;
}

export interface ApplyDialogProps {
  onClose: () => void;
  onDone: (packet: RedPacket) => void;
}

/** A salesperson's application: a customer, the occasion, ¥0.01 to ¥200.00, an optional greeting. */
export function ApplyDialog({ onClose, onDone }: ApplyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  useRevalidateOnLanguage(form);
  const apply = useApply();
  const label = (key: string) => t(`sales.redPacket.${key}`);
  const max = yuan(RED_PACKET_MAX);

  const amountRule: FormRule = {
    validator: async (_, raw?: string) => {
      const v = raw?.trim();
      if (!v) return;
      if (!isMoneyInput(v)) throw new Error(t('sales.redPacket.amountFormat'));
      if (cmp(v, '0') <= 0 || cmp(v, RED_PACKET_MAX) > 0)
        throw new Error(t('sales.redPacket.amountRange', { max }));
    },
  };

  const save = async () => {
    let v: ApplyValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const greeting = v.greeting?.trim();
    const body: RedPacketSubmit = {
      customerId: v.customerId,
      scene: v.scene,
      amount: v.amount.trim(),
      ...(greeting ? { greeting } : {}),
    };
    try {
      onDone(await apply.mutateAsync(body));
    } catch {
      // The client showed the server's refusal; the dialog stays open to correct it.
    }
  };

  return (
    <Modal
      open
      title={label('applyTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={label('apply')}
      confirmLoading={apply.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="sales-red-packet-apply">
        <Form.Item
          name="customerId"
          label={label('customer')}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: label('customer') }) }]}
        >
          <CustomerSelect placeholder={label('customerPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="scene"
          label={label('scene')}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: label('scene') }) }]}
        >
          <Select
            options={RED_PACKET_SCENES.map((s) => ({ value: s, label: t(`sales.redPacket.scene_.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={label('amount')}
          extra={t('sales.redPacket.amountHint', { max })}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { label: label('amount') }) },
            amountRule,
          ]}
        >
          <Input inputMode="decimal" prefix="¥" />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={label('greeting')}
          rules={[
            {
              max: RED_PACKET_GREETING_MAX,
              message: t('crud.maxLength', { label: label('greeting'), max: RED_PACKET_GREETING_MAX }),
            },
          ]}
        >
          <Input maxLength={RED_PACKET_GREETING_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The packet a move is about: who gets how much, for what. */
function Summary({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`sales.redPacket.${key}`);
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={label('customerName')}>{packet.customerName}</Descriptions.Item>
      <Descriptions.Item label={label('amount')}>{yuan(packet.amount)}</Descriptions.Item>
      <Descriptions.Item label={label('scene')}>{label(`scene_.${packet.scene}`)}</Descriptions.Item>
      <Descriptions.Item label={label('ownerName')}>{packet.ownerName}</Descriptions.Item>
      {packet.greeting && (
        <Descriptions.Item label={label('greeting')} span={2}>
          {packet.greeting}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

export interface MoveDialogProps {
  packet: RedPacket;
  onClose: () => void;
  onDone: (packet: RedPacket) => void;
}

/** Approving (a remark optional) or rejecting (the reason required) a pending application. */
export function DecisionDialog({
  kind,
  packet,
  onClose,
  onDone,
}: MoveDialogProps & { kind: 'approve' | 'reject' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark?: string }>();
  useRevalidateOnLanguage(form);
  const decide = useDecide(kind);
  const reject = kind === 'reject';
  const remarkLabel = t(reject ? 'sales.redPacket.rejectReason' : 'sales.redPacket.remark');
  const save = async () => {
    let v: { remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const remark = v.remark?.trim();
    try {
      onDone(await decide.mutateAsync({ id: packet.id, ...(remark ? { remark } : {}) }));
    } catch {
      // Shown by the client (e.g. one's own application); the dialog stays open.
    }
  };
  return (
    <Modal
      open
      title={t(`sales.redPacket.${kind}Title`, { name: rowName(packet) })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t(`sales.redPacket.${kind}`)}
      okButtonProps={{ danger: reject }}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <Summary packet={packet} />
      <Form form={form} layout="vertical" name={`sales-red-packet-${kind}`}>
        <Form.Item
          name="remark"
          label={remarkLabel}
          rules={[
            { required: reject, whitespace: true, message: t('crud.required', { label: remarkLabel }) },
            { max: REMARK_MAX, message: t('crud.maxLength', { label: remarkLabel, max: REMARK_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Recording an approved packet paid, with the wallet's serial number. */
export function PayDialog({ packet, onClose, onDone }: MoveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reference: string }>();
  useRevalidateOnLanguage(form);
  const pay = usePay();
  const refLabel = t('sales.redPacket.reference');
  const save = async () => {
    let v: { reference: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      onDone(await pay.mutateAsync({ id: packet.id, reference: v.reference.trim() }));
    } catch {
      // Shown by the client (e.g. a serial number already recorded); the dialog stays open.
    }
  };
  return (
    <Modal
      open
      title={t('sales.redPacket.payTitle', { name: rowName(packet) })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('sales.redPacket.pay')}
      confirmLoading={pay.isPending}
      destroyOnHidden
    >
      <Summary packet={packet} />
      <Form form={form} layout="vertical" name="sales-red-packet-pay">
        <Form.Item
          name="reference"
          label={refLabel}
          extra={t('sales.redPacket.referenceHint')}
          rules={[
            { required: true, whitespace: true, message: t('crud.required', { label: refLabel }) },
            { max: REFERENCE_MAX, message: t('crud.maxLength', { label: refLabel, max: REFERENCE_MAX }) },
          ]}
        >
          <Input maxLength={REFERENCE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
