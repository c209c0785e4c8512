import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Cascader, Form, Input, Result, Toast } from 'antd-mobile';
import { checkMobile } from '@forecourt/contracts';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { h5Api, h5InquiryApi, H5Error, type Choice } from './api';
import { RESEND_SECONDS, useCountdown } from './countdown';
import './inquiry-texts';

const MOBILE_TEXT = {
  'mobile.empty': 'h5.mobileEmpty',
  'mobile.length': 'h5.mobileLength',
  'mobile.pattern': 'h5.mobilePattern',
} as const;

interface Values {
  name: string;
  phone: string;
  code: string;
  model?: string[];
  modelText?: string;
  city?: string[];
}

const fail = (e: unknown) =>
  Toast.show({ icon: 'fail', content: e instanceof H5Error ? e.message : String(e) });

/** A picker field: a tappable line that opens the cascader and shows the chosen labels. */
function PickLine({
  options,
  value,
  onChange,
  placeholder,
}: {
  options: Choice[];
  value?: string[];
  onChange?: (v: string[]) => void;
  placeholder: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Cascader
        options={options}
        visible={open}
        value={value ?? []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange?.(v.filter((x): x is string => typeof x === 'string'))}
      >
        {(items) => (
          <div className="h5-pick" role="button" tabIndex={0} onClick={() => setOpen(true)}>
            {items.length && items.every(Boolean) ? (
              items.map((i) => i?.label).join(' / ')
            ) : (
              <span className="h5-pick-placeholder">{placeholder}</span>
            )}
          </div>
        )}
      </Cascader>
    </>
  );
}

/**
 * The customers' own inquiry (user inquiry): model, city, name and a phone proven by its SMS code. It
 * lands in the pool the online-sales colleagues claim from.
 */
export function InquiryView({ tenantId, onBack }: { tenantId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const [options, setOptions] = useState<{ models: Choice[]; cities: Choice[] }>({ models: [], cities: [] });
  const [until, setUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const left = useCountdown(until);

  useEffect(() => {
    h5InquiryApi.options(tenantId).then(setOptions).catch(fail);
  }, [tenantId]);

  const phoneRule = {
    validator: (_: unknown, value: string | undefined) => {
      const problem = checkMobile(value);
      return problem ? Promise.reject(new Error(t(MOBILE_TEXT[problem]))) : Promise.resolve();
    },
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await h5Api.sendCode(tenantId, String(form.getFieldValue('phone')).trim());
      setUntil(Date.now() + RESEND_SECONDS * 1000);
      Toast.show({ icon: 'success', content: t('h5.codeSent') });
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };

  const submit = async (v: Values) => {
    const modelId = v.model?.length === 3 ? (v.model[2] ?? null) : null;
    const modelText = (v.modelText ?? '').trim();
    if (!modelId && !modelText) {
      Toast.show({ icon: 'fail', content: t('inquiry.modelRequired') });
      return;
    }
    setBusy(true);
    try {
      await h5InquiryApi.submit({
        tenantId,
        name: v.name.trim(),
        phone: v.phone.trim(),
        code: v.code.trim(),
        modelId,
        modelText,
        cityCode: v.city![v.city!.length - 1]!,
      });
      setDone(true);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title={t('inquiry.done')}
        description={
          <Button
            size="small"
            onClick={() => {
              form.resetFields();
              setDone(false);
            }}
          >
            {t('inquiry.again')}
          </Button>
        }
      />
    );
  return (
    <div className="h5-login h5-inquiry">
      <h1 className="h5-login-title">{t('inquiry.title')}</h1>
      <p className="h5-login-hint">{t('inquiry.hint')}</p>
      <Form
        form={form}
        name="h5-inquiry"
        layout="horizontal"
        onFinish={(v) => void submit(v)}
        footer={
          <>
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('inquiry.submit')}
            </Button>
            <Button block fill="none" onClick={onBack} style={{ marginTop: 8 }}>
              {t('inquiry.back')}
            </Button>
          </>
        }
      >
        <Form.Item name="model" label={t('inquiry.model')}>
          <PickLine options={options.models} placeholder={t('inquiry.modelPlaceholder')} />
        </Form.Item>
        <Form.Item name="modelText" label={t('inquiry.modelText')}>
          <Input maxLength={100} clearable placeholder={t('inquiry.modelTextPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="city"
          label={t('inquiry.city')}
          rules={[{ required: true, message: t('inquiry.cityRequired') }]}
        >
          <PickLine options={options.cities} placeholder={t('inquiry.cityPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('inquiry.name')}
          rules={[{ required: true, whitespace: true, message: t('inquiry.nameRequired') }]}
        >
          <Input maxLength={40} clearable placeholder={t('inquiry.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="phone" label={t('h5.phone')} required rules={[phoneRule]} validateTrigger="onBlur">
          <Input
            type="tel"
            inputMode="numeric"
            maxLength={11}
            clearable
            placeholder={t('h5.phonePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('h5.code')}
          rules={[{ required: true, whitespace: true, message: t('h5.codeRequired') }]}
          extra={
            <Button
              size="small"
              color="primary"
              fill="none"
              className="h5-code-button"
              disabled={left > 0}
              loading={sending}
              onClick={() => void sendCode()}
            >
              {left > 0 ? t('h5.resendIn', { n: left }) : t('h5.getCode')}
            </Button>
          }
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('h5.codePlaceholder')}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
