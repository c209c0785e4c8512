import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  POINTS_MAX,
  POINTS_REMARK_MAX,
  type PointAdjustBody,
  type PointEvent,
  type PointParty,
  type PointRecord,
} from '@forecourt/contracts';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { AccountLine } from './AccountLine';
import { LEDGERS, accountQuery, useAdjust } from './api';
import { pointsText } from './format';
import { HolderSelect } from './HolderSelect';
import './messages';

/** How a line comes about: the event's rule sets the points, or a hand-written change with its reason. */
type How = 'event' | 'change';

interface Values {
  partyId?: string;
  how: How;
  event?: PointEvent;
  change?: number | null;
  remark?: string;
}

export interface AdjustDialogProps {
  party: PointParty;
  onClose: () => void;
  /** The line was written: as the server answered it (with the balance it left). */
  onDone: (line: PointRecord) => void;
}

/**
 * A line written by hand in a customer's or a store's ledger, checked here as the server checks it: a
 * holder; an event of the holder's party (its enabled rule sets the points) or a whole, non-zero change
 * within the limit that leaves the balance (shown once the holder is chosen) at zero or above; a reason
 * for a change. The body is the contract's: `event` or `change`, never both, and always a `remark`.
 */
export function AdjustDialog({ party, onClose, onDone }: AdjustDialogProps) {
  const { t } = useTranslation();
  const ledger = LEDGERS[party];
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const adjust = useAdjust(ledger);
  const partyId = Form.useWatch('partyId', form);
  const how: How = Form.useWatch('how', form) ?? 'event';
  const balance = useQuery(accountQuery(ledger, partyId)).data?.balance;
  const label = (key: string) => t(`points.record.${key}`);
  const holderLabel = label(`${party}.name`);
  const changeLabel = label('change');
  const remarkLabel = label(how === 'change' ? 'reason' : 'remark');

  const changeRule: FormRule = {
    validator: async (_, v?: number | null) => {
      if (v === undefined || v === null) return;
      if (v === 0) throw new Error(label('changeZero'));
      if (Math.abs(v) > POINTS_MAX) throw new Error(t('points.record.changeRange', { max: POINTS_MAX }));
      if (balance !== undefined && balance + v < 0)
        throw new Error(t('points.record.belowZero', { balance: pointsText(balance) }));
    },
  };

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const body: PointAdjustBody = {
      partyId: v.partyId!,
      ...(v.how === 'event' ? { event: v.event! } : { change: v.change! }),
      remark: v.remark?.trim() ?? '',
    };
    try {
      onDone(await adjust.mutateAsync(body));
    } catch {
      // The client showed the server's refusal (no rule, the daily limit, the balance); the dialog stays.
    }
  };

  return (
    <Modal
      open
      title={label(`${party}.adjustTitle`)}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`${ledger.list}-adjust`} initialValues={{ how: 'event' }}>
        <Form.Item
          name="partyId"
          label={holderLabel}
          extra={label(`${party}.pickHint`)}
          rules={[{ required: true, message: t('crud.chooseRequired', { label: holderLabel }) }]}
        >
          <HolderSelect party={party} placeholder={t('crud.choose', { label: holderLabel })} />
        </Form.Item>
        <AccountLine ledger={ledger} partyId={partyId} />
        <Form.Item name="how" label={label('how')}>
          <Radio.Group
            optionType="button"
            options={(['event', 'change'] as const).map((h) => ({ value: h, label: label(`how_.${h}`) }))}
          />
        </Form.Item>
        {how === 'event' ? (
          <Form.Item
            name="event"
            label={label('event')}
            extra={
              party === 'customer' ? (
                <>
                  {label('eventHint')}
                  <br />
                  {label('purchaseHint')}
                </>
              ) : (
                label('eventHint')
              )
            }
            rules={[{ required: true, message: t('crud.chooseRequired', { label: label('event') }) }]}
          >
            <Select
              placeholder={t('crud.choose', { label: label('event') })}
              options={ledger.awards.map((e) => ({ value: e, label: label(`event_.${e}`) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="change"
            label={changeLabel}
            extra={label('changeHint')}
            rules={[{ required: true, message: t('crud.required', { label: changeLabel }) }, changeRule]}
          >
            <InputNumber
              precision={0}
              step={1}
              style={{ width: '100%' }}
              placeholder={t('crud.placeholder', { label: changeLabel })}
            />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label={remarkLabel}
          rules={[
            {
              required: how === 'change',
              whitespace: true,
              message: t('crud.required', { label: remarkLabel }),
            },
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
