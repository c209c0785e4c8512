import { useEffect } from 'react';
import { Form } from 'antd';
import DatePicker from 'antd/es/date-picker';
import Select from 'antd/es/select';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { POINT_EVENTS, type PointEvent, type PointParty } from '@forecourt/contracts';
import type { FieldProps } from '@/shared/crud';
import { extOf, ImageUploader } from '@/shared/upload';
import './messages';

/** The events a party earns points for: a purchase is a customer's (the server refuses a store's). */
export const eventsOf = (party: PointParty | undefined): readonly PointEvent[] =>
  party === 'store' ? POINT_EVENTS.filter((e) => e !== 'purchase') : POINT_EVENTS;

/** The rule's event, offered for the party chosen above it; a purchase is dropped when it becomes a store. */
export function EventField({ value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const party = Form.useWatch('party', form) as PointParty | undefined;
  const offered = eventsOf(party);
  const stale = typeof value === 'string' && value !== '' && !offered.includes(value as PointEvent);
  useEffect(() => {
    if (stale && !disabled) onChange?.(undefined);
  }, [stale, disabled, onChange]);
  return (
    <Select
      value={(value as string | undefined) ?? undefined}
      onChange={onChange}
      disabled={disabled}
      allowClear
      placeholder={t('crud.choose', { label: t('points.rule.event') })}
      options={offered.map((e) => ({ value: e, label: t(`points.rule.eventOf.${e}`) }))}
    />
  );
}

const DAY = 'YYYY-MM-DD';

function Day({ value, onChange, disabled }: Pick<FieldProps, 'value' | 'onChange' | 'disabled'>) {
  return (
    <DatePicker
      value={typeof value === 'string' && value ? dayjs(value, DAY) : null}
      onChange={(d) => onChange?.(d ? d.format(DAY) : null)}
      format={DAY}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** The first day a rule applies (a date, no time). A new start checks the end against it again. */
export function ValidFromField({ value, onChange, disabled }: FieldProps) {
  const form = Form.useFormInstance();
  return (
    <Day
      value={value}
      disabled={disabled}
      onChange={(v) => {
        onChange?.(v);
        if (form.getFieldValue('validTo')) void form.validateFields(['validTo']).catch(() => undefined);
      }}
    />
  );
}

/** The last day a rule applies (a date, no time). */
export function ValidToField(p: FieldProps) {
  return <Day value={p.value} onChange={p.onChange} disabled={p.disabled} />;
}

/** The good's one picture, kept as its address; the uploader works with upload results. */
export function ImageField({ value, onChange, disabled }: FieldProps) {
  const url = typeof value === 'string' ? value : '';
  return (
    <ImageUploader
      single
      disabled={disabled}
      value={url ? [{ fileName: url.split('/').pop() || url, filePath: url, fileType: extOf(url) }] : []}
      onChange={(v) => onChange?.(v[0]?.filePath ?? '')}
    />
  );
}
