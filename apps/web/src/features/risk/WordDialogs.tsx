import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@/shared/http';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { CATEGORIES, WORDS } from './wordDef';
import './messages';

export interface ImportResult {
  added: number;
  skipped: number;
  invalid: string[];
}

export interface TestResult {
  masked: string;
  words: string[];
  hits: Array<{ word: string; start: number; end: number }>;
}

/** Bounds of the server's routes (risk/routes.ts). */
const IMPORT_MAX_CHARS = 200_000;
const TEST_MAX_CHARS = 10_000;

/**
 * Many words at once, separated as the server splits them; the answer says how many were added and
 * skipped, and lists the ones refused as too long. The dialog stays open on its answer.
 */
export function ImportWordsDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ words: string; category: string }>();
  useRevalidateOnLanguage(form);
  const [result, setResult] = useState<ImportResult>();
  const run = useMutation({
    mutationFn: (v: { words: string; category: string }) => http.post<ImportResult>(`${WORDS}/import`, v),
    onSuccess: (r) => {
      setResult(r);
      if (r.added) onImported();
    },
  });
  const close = () => {
    form.resetFields();
    setResult(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('risk.importTitle')}
      okText={t('risk.import')}
      // A refused field shows under it; nothing more to do with the refusal.
      onOk={() =>
        void form.validateFields().then(
          (v) => run.mutate(v),
          () => undefined,
        )
      }
      confirmLoading={run.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="risk-import" initialValues={{ category: 'other' }}>
        <Form.Item
          name="words"
          label={t('risk.importWords')}
          extra={t('risk.importHelp')}
          rules={[
            { required: true, whitespace: true, message: t('risk.importRequired') },
            {
              max: IMPORT_MAX_CHARS,
              message: t('crud.maxLength', { label: t('risk.importWords'), max: IMPORT_MAX_CHARS }),
            },
          ]}
        >
          <Input.TextArea rows={8} />
        </Form.Item>
        <Form.Item name="category" label={t('risk.importCategory')}>
          <Select options={CATEGORIES.map((c) => ({ value: c, label: t(`risk.cat.${c}`) }))} />
        </Form.Item>
      </Form>
      {result && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            title={t('risk.importDone', { added: result.added, skipped: result.skipped })}
          />
          {result.invalid.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('risk.importInvalid', { words: result.invalid.join('、') })}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}

/** The text as the tenant's filter would deliver it, with the words it hit. */
export function TestTextDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  useRevalidateOnLanguage(form);
  const run = useMutation({
    mutationFn: (text: string) => http.post<TestResult>(`${WORDS}/test`, { text }),
  });
  const close = () => {
    form.resetFields();
    run.reset();
    onClose();
  };
  const r = run.data;
  return (
    <Modal
      open={open}
      title={t('risk.testTitle')}
      okText={t('risk.testRun')}
      onOk={() =>
        void form.validateFields().then(
          (v) => run.mutate(v.text),
          () => undefined,
        )
      }
      confirmLoading={run.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="risk-test">
        <Form.Item
          name="text"
          label={t('risk.testText')}
          rules={[
            { required: true, whitespace: true, message: t('risk.testRequired') },
            {
              max: TEST_MAX_CHARS,
              message: t('crud.maxLength', { label: t('risk.testText'), max: TEST_MAX_CHARS }),
            },
          ]}
        >
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
      {r && (
        <div data-testid="risk-test-result">
          <Typography.Text type="secondary">{t('risk.testMasked')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.masked}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('risk.testHits')}</Typography.Text>
          <div>
            {r.words.length ? (
              r.words.map((w) => (
                <Tag key={w} color="red">
                  {w}
                </Tag>
              ))
            ) : (
              <Typography.Text>{t('risk.testNone')}</Typography.Text>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
