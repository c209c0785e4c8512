import { useMemo } from 'react';
import { Col, Form, Modal, Row as Line, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './Field';
import './messages';
import { fieldRules } from './params';
import type { AnyRow, CrudColumn, DictRef, FormMode, Row } from './types';
import { useRevalidateOnLanguage } from '../i18n/form';

export interface FormDialogProps<R extends AnyRow = Row> {
  open: boolean;
  title: string;
  /** Form name: keeps field ids unique when two dialogs are mounted. */
  name: string;
  mode: FormMode;
  columns: CrudColumn<R>[];
  /** Values the form starts with (already mapped for the form). */
  initial?: Row;
  /** Still loading the row (detail call). */
  loading?: boolean;
  record?: Row;
  width?: number;
  dictOptions: (ref: DictRef, numeric?: boolean) => Array<{ value: string | number; label: string }>;
  /** The validated values; the caller's mutation saves them and closes the dialog when it worked. */
  onSubmit: (values: Row) => void;
  /** The save is under way (the caller's `mutation.isPending`). */
  saving?: boolean;
  onClose: () => void;
}

/** Add / edit / view of one row: the fields its columns declare, validated with messages naming them. */
export function FormDialog<R extends AnyRow = Row>(props: FormDialogProps<R>) {
  // The fields read the row by their column `prop`; R only checks the declaration.
  const p = props as unknown as FormDialogProps;
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  const record = p.record ?? {};
  const fields = p.columns.filter((c) => c.form && !(c.form.addOnly && p.mode !== 'add'));

  // The form is created with its values (initialValues) once the row is there, so nothing can clear them.
  const values = useMemo(() => {
    const start: Row = {};
    if (p.mode === 'add')
      for (const c of fields) if (c.form?.initial !== undefined) start[c.prop] = c.form.initial;
    return { ...start, ...p.initial };
    // The dialog is mounted per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.initial]);

  const submit = () =>
    form.validateFields().then(
      (values: Row) => p.onSubmit(values),
      // Invalid: the form marks each field with its message; there is nothing to send.
      () => undefined,
    );

  return (
    <Modal
      open={p.open}
      title={p.title}
      width={p.width ?? 760}
      onCancel={p.onClose}
      onOk={p.mode === 'view' ? p.onClose : () => void submit()}
      okText={p.mode === 'view' ? t('crud.close') : t('crud.save')}
      cancelText={t('crud.cancel')}
      cancelButtonProps={p.mode === 'view' ? { style: { display: 'none' } } : undefined}
      confirmLoading={Boolean(p.saving)}
      destroyOnHidden
      forceRender={false}
    >
      <Spin spinning={Boolean(p.loading)}>
        {!p.loading && (
          <Form
            form={form}
            name={`${p.name}-form`}
            layout="vertical"
            initialValues={values}
            disabled={p.mode === 'view'}
          >
            <Line gutter={16}>
              {fields.map((c) => {
                const label = t(c.label);
                return (
                  <Col key={c.prop} span={c.form?.wide || c.form?.type === 'textarea' ? 24 : 12}>
                    <Form.Item
                      name={c.prop}
                      label={label}
                      rules={p.mode === 'view' ? [] : fieldRules(c, label, t)}
                      extra={c.form?.help ? t(c.form.help) : undefined}
                    >
                      <FieldInput
                        column={c}
                        label={label}
                        mode={p.mode}
                        record={record}
                        dictOptions={c.dict ? p.dictOptions(c.dict, c.numeric) : undefined}
                      />
                    </Form.Item>
                  </Col>
                );
              })}
            </Line>
          </Form>
        )}
      </Spin>
    </Modal>
  );
}
