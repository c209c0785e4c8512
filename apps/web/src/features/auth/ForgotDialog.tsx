import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Modal, Space } from 'antd';
import { http, toast } from '@/shared/http';
import { encryptPassword } from '@/shared/auth/sm2';
import { DEFAULT_TENANT } from '@/shared/auth/session';
import { mobileRule } from '@/shared/validators';
import { NewPasswordFields } from '@/shared/auth/NewPasswordFields';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';

/** Forgotten password by SMS code; both calls go to tenant 000000 (spec §6). */
export default function ForgotDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!wait) return;
    const id = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const send = async () => {
    const { mobile } = (await form.validateFields(['mobile'])) as { mobile: string };
    await http.get('/api/blade-user/user/sms/send-message', {
      params: { mobile },
      headers: { 'Tenant-Id': DEFAULT_TENANT },
      noToken: true,
    });
    setWait(60);
  };

  const submit = async () => {
    const v = (await form.validateFields()) as {
      mobile: string;
      code: string;
      newPassword: string;
      newPassword1: string;
    };
    setBusy(true);
    try {
      await http.post(
        '/api/blade-user/update-password-forget',
        {
          phone: v.mobile,
          code: v.code,
          newPassword: await encryptPassword(v.newPassword),
          newPassword1: await encryptPassword(v.newPassword1),
        },
        { headers: { 'Tenant-Id': DEFAULT_TENANT }, noToken: true },
      );
      toast.success(t('forgot.done'));
      form.resetFields();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="forgot" layout="vertical">
        <Form.Item name="mobile" label={t('forgot.mobile')} rules={[mobileRule(t)]}>
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('forgot.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('forgot.code') }]}>
              <Input maxLength={6} inputMode="numeric" aria-label={t('forgot.code')} />
            </Form.Item>
            <Button onClick={send} disabled={wait > 0}>
              {wait > 0 ? t('forgot.resend', { s: wait }) : t('forgot.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          confirm="newPassword1"
          label={t('forgot.newPassword')}
          confirmLabel={t('forgot.newPassword1')}
        />
      </Form>
    </Modal>
  );
}
