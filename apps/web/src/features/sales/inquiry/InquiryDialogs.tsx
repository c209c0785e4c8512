import { useQuery } from '@tanstack/react-query';
import {
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FOLLOW_METHODS } from '@forecourt/contracts/sales';
import { inquiryDetailQuery, useInquiryAction } from './api';
import { SalespersonSelect } from './fields';
import type { InquiryDialog, InquiryListRow } from './inquiryDef';
import './messages';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** One action's dialog: a small form whose values go to the action's endpoint with the row's id. */
export function ActionDialog({
  kind,
  row,
  onClose,
}: {
  kind: Exclude<InquiryDialog, 'detail'>;
  row: InquiryListRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const action = useInquiryAction(kind);
  const status = Form.useWatch('status', form) as string | undefined;
  const need = (label: string) => ({ required: true, message: t('inq.required', { label: t(label) }) });
  const submit = async () => {
    let v: Record<string, unknown>;
    try {
      v = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return; // the form shows what is missing
    }
    const body: Record<string, unknown> = { id: row.id, ...v };
    for (const k of ['followTime', 'nextFollowTime'])
      if (body[k]) body[k] = (body[k] as dayjs.Dayjs).format(DATE_TIME);
      else delete body[k];
    if (!body.userId) delete body.userId;
    await action.mutateAsync(body);
    onClose();
  };
  return (
    <Modal
      open
      title={`${t(`inq.${kind}`)} · ${row.customerName}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          kind === 'follow'
            ? { method: 'phone', followTime: dayjs() }
            : kind === 'close'
              ? { status: 'lost' }
              : {}
        }
      >
        {kind === 'assign' && (
          <Form.Item name="userId" label={t('inq.salesperson')} extra={t('inq.assignHelp')}>
            <SalespersonSelect />
          </Form.Item>
        )}
        {kind === 'transfer' && (
          <>
            <Form.Item name="userId" label={t('inq.salesperson')} rules={[need('inq.salesperson')]}>
              <SalespersonSelect />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('inq.reason')}
              rules={[{ ...need('inq.reason'), whitespace: true, max: 200 }]}
            >
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </>
        )}
        {kind === 'follow' && (
          <>
            <Form.Item name="followTime" label={t('inq.followTime')} rules={[need('inq.followTime')]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="method" label={t('inq.method')} rules={[need('inq.method')]}>
              <Select
                options={FOLLOW_METHODS.map((m) => ({ value: m, label: t(`inq.methodOf.${String(m)}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="content"
              label={t('inq.content')}
              rules={[{ ...need('inq.content'), whitespace: true, max: 500 }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
            <Form.Item name="nextFollowTime" label={t('inq.nextFollowTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {kind === 'close' && (
          <>
            <Form.Item name="status" label={t('inq.closeAs')} rules={[need('inq.closeAs')]}>
              <Radio.Group
                options={['won', 'lost', 'invalid'].map((s) => ({
                  value: s,
                  label: t(`inq.statusOf.${String(s)}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('inq.reason')}
              rules={[{ ...need('inq.reason'), required: status !== 'won', whitespace: true, max: 200 }]}
            >
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** Details: the inquiry, its follow-ups and its history (assignments, transfers with reasons, status). */
export function DetailDrawer({ row, onClose }: { row: InquiryListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const d = useQuery(inquiryDetailQuery(row.id)).data;
  return (
    <Drawer open width={560} title={`${row.customerName} · ${row.customerPhone}`} onClose={onClose}>
      {d && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('inq.status')}>
              {t(`inq.statusOf.${String(d.status)}`)} {d.overdue && <Tag color="red">{t('inq.overdue')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('inq.model')}>{d.modelName}</Descriptions.Item>
            <Descriptions.Item label={t('inq.budget')}>{d.budget ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('inq.purchasePlan')}>
              {t(`inq.planOf.${String(d.purchasePlan)}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('inq.channel')}>
              {t(`inq.channelOf.${String(d.channel)}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('inq.owner')}>{d.ownerName ?? ''}</Descriptions.Item>
            {d.closeReason && (
              <Descriptions.Item label={t('inq.closeReason')}>{d.closeReason}</Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('inq.follows')}
          </Typography.Title>
          {d.follows.length ? (
            <Timeline
              items={d.follows.map((f) => ({
                children: (
                  <>
                    <div>
                      {f.followTime} · {t(`inq.methodOf.${String(f.method)}`)} · {f.createUserName ?? ''}
                    </div>
                    <div>{f.content}</div>
                  </>
                ),
              }))}
            />
          ) : (
            <Typography.Text type="secondary">{t('inq.noFollows')}</Typography.Text>
          )}
          <Typography.Title level={5}>{t('inq.history')}</Typography.Title>
          <Timeline
            items={d.history.map((h) => ({
              children: (
                <div>
                  {h.createTime} · {t(`inq.actions.${String(h.action)}`)}
                  {h.toUserName ? ` → ${h.toUserName}` : ''}
                  {h.toStatus && h.action === 'status' ? ` → ${t(`inq.statusOf.${String(h.toStatus)}`)}` : ''}
                  {h.reason ? ` (${h.reason})` : ''}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
