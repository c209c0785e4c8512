import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { lock, useSession } from '@/shared/auth/store';
import { setStore } from '@/shared/storage';

/** Spec §4: going to /lock waits 100 ms after the flag is stored. */
export const LOCK_DELAY_MS = 100;

export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const saved = useSession((s) => s.lockPassword);

  const lockWith = (password: string) => {
    setStore('lockFrom', location.pathname + location.search, true);
    lock(password);
    setOpen(false);
    window.setTimeout(() => navigate('/lock'), LOCK_DELAY_MS);
  };
  const confirm = async () => lockWith(((await form.validateFields()) as { password: string }).password);

  return (
    <>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('nav.lock')}
        title={t('nav.lock')}
        onClick={() => (saved ? lockWith(saved) : setOpen(true))}
      />
      <Modal
        open={open}
        title={t('lock.title')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form form={form} name="lock" layout="vertical" onFinish={confirm}>
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, message: t('lock.empty') }]}
          >
            <Input.Password autoFocus autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
