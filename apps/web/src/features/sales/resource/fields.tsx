import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import type { FieldProps } from '@/shared/crud';
import { ImageUploader } from '@/shared/upload';
import { ModelCascader } from '../catalog';

/** A date-only field (the engine's date input carries a time). */
export function DateField({ value, onChange, disabled }: FieldProps) {
  return (
    <DatePicker
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      disabled={disabled}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      style={{ width: '100%' }}
    />
  );
}

/** Photos are kept as their addresses; the uploader works with upload results. */
export function PhotosField({ value, onChange, disabled }: FieldProps) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  return (
    <ImageUploader
      limit={8}
      disabled={disabled}
      value={list.map((p) => ({ fileName: p.split('/').pop() ?? p, filePath: p, fileType: 'image' }))}
      onChange={(v) => onChange?.(v.map((r) => r.filePath))}
    />
  );
}

/** The model (brand → series → model) of the vehicle. */
export function ModelField({ value, onChange, disabled }: FieldProps) {
  return <ModelCascader value={value as string} onChange={(id) => onChange?.(id)} disabled={disabled} />;
}
