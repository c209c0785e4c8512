import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MONEY_INPUT_PATTERN,
  PERCENT_PATTERN,
  RATE_PATTERN,
  SalesRuleError,
  calculateOffer,
  salesMessage,
  type EnergyType,
  type OfferSubmitBody,
  type OfferView,
} from '@forecourt/contracts/sales';
import {
  searchInquiries,
  searchVehicles,
  useSubmitOffer,
  type InquiryChoice,
  type VehicleChoice,
} from './api';
import { yuan } from './money';
import './messages';

const MONEY_RE = new RegExp(MONEY_INPUT_PATTERN);

/**
 * A picker's search where only the answer to the latest question is shown: an earlier, slower answer (the
 * unfiltered list asked on focus) must not replace the matches of what was typed since.
 */
function useLatestSearch<T>(search: (text: string) => Promise<T[]>, show: (rows: T[]) => void) {
  const latest = useRef(0);
  return (text: string) => {
    const ask = ++latest.current;
    const answer = (rows: T[]) => {
      if (ask === latest.current) show(rows);
    };
    void search(text).then(answer, () => answer([]));
  };
}

interface Values {
  inquiryId?: string;
  resourceId?: string;
  vehiclePrice: string;
  discount: string;
  insurance: string;
  registrationFee: string;
  accessories: { name: string; amount: string }[];
  serviceFee: string;
  tradeInCredit: string;
  financed: boolean;
  downPaymentPercent: string;
  termMonths: number;
  annualRatePercent: string;
  validUntil: Dayjs;
}

export interface OfferFormProps {
  /** The offer to change (edit: a draft) or to revise (a new version with its figures); none: a new offer. */
  base?: OfferView;
  mode: 'add' | 'edit' | 'revise';
  /** A new offer for this inquiry (the inquiry page's "Quote"): chosen and locked. */
  inquiry?: InquiryChoice;
  onClose: () => void;
  onSaved: (offer: OfferView) => void;
}

const initial = (o?: OfferView): Values => ({
  inquiryId: o?.inquiryId,
  resourceId: o?.resourceId ?? undefined,
  vehiclePrice: o?.vehiclePrice ?? '',
  discount: o?.discount ?? '0',
  insurance: o?.insurance ?? '0',
  registrationFee: o?.registrationFee ?? '0',
  accessories: o?.accessories ?? [],
  serviceFee: o?.serviceFee ?? '0',
  tradeInCredit: o?.tradeInCredit ?? '0',
  financed: Boolean(o?.finance),
  downPaymentPercent: o?.finance?.downPaymentPercent ?? '30',
  termMonths: o?.finance?.termMonths ?? 36,
  annualRatePercent: o?.finance?.annualRatePercent ?? '3.85',
  validUntil: dayjs().add(7, 'day'),
});

/**
 * The offer form: the inputs of spec §5's patterns and, beside them, every line as the shared calculator
 * computes it while the user types (the same function the server runs when it saves, so what is shown is
 * what is stored). The energy type for the purchase-tax relief comes from the chosen vehicle.
 */
export function OfferForm({ base, mode, inquiry, onClose, onSaved }: OfferFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  const [form] = Form.useForm<Values>();
  const start = useMemo(
    () => ({ ...initial(base), ...(inquiry ? { inquiryId: inquiry.id } : {}) }),
    [base, inquiry],
  );
  const values = Form.useWatch([], form) ?? start;
  const [inquiries, setInquiries] = useState<InquiryChoice[]>(inquiry ? [inquiry] : []);
  const findInquiries = useLatestSearch(searchInquiries, setInquiries);
  const [vehicles, setVehicles] = useState<VehicleChoice[]>([]);
  const findVehicles = useLatestSearch(searchVehicles, setVehicles);
  const [energy, setEnergy] = useState<EnergyType>(base?.energyType ?? 'petrol');
  const submit = useSubmitOffer();

  const moneyRule = (label: string) => ({
    pattern: MONEY_RE,
    message: t('sales.offer.moneyRule', { label: t(label) }),
  });
  const required = (label: string) => ({ required: true, message: t('crud.required', { label: t(label) }) });

  // Live figures; a rule's refusal (discount over the price…) is shown instead of the lines.
  const quote = useMemo(() => {
    const v = values as Partial<Values>;
    if (!v.vehiclePrice || !MONEY_RE.test(v.vehiclePrice)) return null;
    try {
      return calculateOffer({
        vehiclePrice: v.vehiclePrice,
        discount: v.discount || '0',
        energyType: energy,
        taxDate: dayjs().format('YYYY-MM-DD'),
        insurance: v.insurance || '0',
        registrationFee: v.registrationFee || '0',
        accessories: (v.accessories ?? []).filter((a) => a?.name && a.amount),
        serviceFee: v.serviceFee || '0',
        tradeInCredit: v.tradeInCredit || '0',
        finance: v.financed
          ? {
              downPaymentPercent: v.downPaymentPercent ?? '',
              termMonths: Number(v.termMonths),
              annualRatePercent: v.annualRatePercent ?? '',
            }
          : null,
      });
    } catch (e) {
      if (e instanceof SalesRuleError) return { error: salesMessage(lang, e.key, e.params) };
      return null;
    }
  }, [values, energy, lang]);

  const save = async () => {
    const v = await form.validateFields();
    const body: OfferSubmitBody = {
      ...(mode === 'edit' && base ? { id: base.id } : {}),
      inquiryId: v.inquiryId!,
      resourceId: v.resourceId ?? null,
      // Without a vehicle the offer is on the inquiry's model, or on the model of the version revised.
      modelId: v.resourceId
        ? null
        : (inquiries.find((q) => q.id === v.inquiryId)?.modelId ?? base?.modelId ?? null),
      vehiclePrice: v.vehiclePrice,
      discount: v.discount,
      insurance: v.insurance,
      registrationFee: v.registrationFee,
      accessories: v.accessories ?? [],
      serviceFee: v.serviceFee,
      tradeInCredit: v.tradeInCredit,
      finance: v.financed
        ? {
            downPaymentPercent: v.downPaymentPercent,
            termMonths: Number(v.termMonths),
            annualRatePercent: v.annualRatePercent,
          }
        : null,
      validUntil: v.validUntil.format('YYYY-MM-DD'),
    };
    const saved = await submit.mutateAsync(body);
    onSaved(saved);
  };

  const money = (name: keyof Values, label: string, extra: object = {}) => (
    <Form.Item name={name} label={t(label)} rules={[required(label), moneyRule(label)]} {...extra}>
      <Input inputMode="decimal" prefix="¥" aria-label={t(label)} />
    </Form.Item>
  );
  const q = quote && !('error' in quote) ? quote : null;

  return (
    <Modal
      open
      width={960}
      title={t(
        mode === 'add' ? 'sales.offer.add' : mode === 'edit' ? 'sales.offer.edit' : 'sales.offer.revise',
      )}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ loading: submit.isPending }}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col span={14}>
          <Form form={form} layout="vertical" initialValues={start} name="sales-offer">
            <Form.Item
              name="inquiryId"
              label={t('sales.offer.inquiry')}
              rules={[required('sales.offer.inquiry')]}
              extra={t('sales.offer.inquiryHint')}
            >
              <Select
                showSearch
                disabled={mode !== 'add' || Boolean(inquiry)}
                filterOption={false}
                onSearch={findInquiries}
                onFocus={() => findInquiries('')}
                options={
                  base && !inquiries.length
                    ? [{ value: base.inquiryId, label: `${base.customerName} ${base.customerPhone}` }]
                    : inquiries.map((r) => ({ value: r.id, label: `${r.customerName} ${r.customerPhone}` }))
                }
              />
            </Form.Item>
            <Form.Item
              name="resourceId"
              label={t('sales.offer.vehicle')}
              extra={t('sales.offer.vehicleHint')}
            >
              <Select
                showSearch
                allowClear
                filterOption={false}
                onSearch={findVehicles}
                onFocus={() => findVehicles('')}
                onChange={(id?: string) => {
                  const v = vehicles.find((x) => x.id === id);
                  // A vehicle brings its guide price; the user may still change the price.
                  if (v) form.setFieldValue('vehiclePrice', v.guidePrice.replace(/\.00$/, ''));
                  // …and its energy type, for the purchase-tax relief the figures beside show.
                  if (v) setEnergy(v.energyType as EnergyType);
                }}
                options={
                  base?.resourceId && !vehicles.length
                    ? [{ value: base.resourceId, label: `${base.vin ?? ''} ${base.modelName}` }]
                    : vehicles.map((v) => ({ value: v.id, label: `${v.vin} ${v.modelName}` }))
                }
              />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>{money('vehiclePrice', 'sales.offer.vehiclePrice')}</Col>
              <Col span={12}>{money('discount', 'sales.offer.discount')}</Col>
              <Col span={12}>{money('insurance', 'sales.offer.insurance')}</Col>
              <Col span={12}>{money('registrationFee', 'sales.offer.registrationFee')}</Col>
              <Col span={12}>{money('serviceFee', 'sales.offer.serviceFee')}</Col>
              <Col span={12}>{money('tradeInCredit', 'sales.offer.tradeInCredit')}</Col>
            </Row>
            <Form.List name="accessories">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline">
                      <Form.Item
                        name={[f.name, 'name']}
                        rules={[required('sales.offer.accessoryName'), { max: 60 }]}
                      >
                        <Input placeholder={t('sales.offer.accessoryName')} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'amount']}
                        rules={[
                          required('sales.offer.accessoryAmount'),
                          moneyRule('sales.offer.accessoryAmount'),
                        ]}
                      >
                        <Input prefix="¥" placeholder={t('sales.offer.accessoryAmount')} />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', amount: '' })}>
                    {t('sales.offer.addAccessory')}
                  </Button>
                </>
              )}
            </Form.List>
            <Form.Item name="financed" label={t('sales.offer.finance')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {values.financed && (
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item
                    name="downPaymentPercent"
                    label={t('sales.offer.downPaymentPercent')}
                    rules={[
                      required('sales.offer.downPaymentPercent'),
                      {
                        pattern: new RegExp(PERCENT_PATTERN),
                        message: t('sales.offer.percentRule', { label: t('sales.offer.downPaymentPercent') }),
                      },
                    ]}
                  >
                    <Input suffix="%" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name="termMonths"
                    label={t('sales.offer.termMonths')}
                    rules={[required('sales.offer.termMonths')]}
                  >
                    <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name="annualRatePercent"
                    label={t('sales.offer.annualRatePercent')}
                    rules={[
                      required('sales.offer.annualRatePercent'),
                      {
                        pattern: new RegExp(RATE_PATTERN),
                        message: t('sales.offer.rateRule', { label: t('sales.offer.annualRatePercent') }),
                      },
                    ]}
                  >
                    <Input suffix="%" />
                  </Form.Item>
                </Col>
              </Row>
            )}
            <Form.Item
              name="validUntil"
              label={t('sales.offer.validUntil')}
              rules={[required('sales.offer.validUntil')]}
            >
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          </Form>
        </Col>
        <Col span={10}>
          {quote && 'error' in quote && (
            <Alert type="warning" showIcon message={t('sales.offer.calcError', { reason: quote.error })} />
          )}
          {q && (
            <Descriptions column={1} size="small" bordered aria-label={t('sales.offer.total')}>
              <Descriptions.Item label={t('sales.offer.invoicePrice')}>
                {yuan(q.invoicePrice)}
              </Descriptions.Item>
              <Descriptions.Item label={t('sales.offer.purchaseTax')}>
                {yuan(q.purchaseTax)}
              </Descriptions.Item>
              {q.purchaseTaxRelief !== '0.00' && (
                <Descriptions.Item label={t('sales.offer.purchaseTaxRelief')}>
                  {yuan(q.purchaseTaxRelief)}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('sales.offer.accessories')}>
                {yuan(q.accessoriesTotal)}
              </Descriptions.Item>
              <Descriptions.Item label={t('sales.offer.total')}>
                <strong data-testid="offer-total">{yuan(q.total)}</strong>
              </Descriptions.Item>
              {q.finance && (
                <>
                  <Descriptions.Item label={t('sales.offer.downPayment')}>
                    {yuan(q.finance.downPayment)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('sales.offer.loanAmount')}>
                    {yuan(q.finance.loanAmount)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('sales.offer.monthlyPayment')}>
                    <span data-testid="offer-monthly">{yuan(q.finance.monthlyPayment)}</span>
                    {q.finance.lastPayment !== q.finance.monthlyPayment &&
                      ` (${t('sales.offer.lastPayment')} ${yuan(q.finance.lastPayment)})`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('sales.offer.totalInterest')}>
                    {yuan(q.finance.totalInterest)}
                  </Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={t('sales.offer.dueAtSigning')}>
                {yuan(q.dueAtSigning)}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
