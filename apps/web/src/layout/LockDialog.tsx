import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from 'antd';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';

/** Asks for the lock password the first time the screen is locked in a session. */
export default function LockDialog({
  open,
  onLock,
  onClose,
}: {
  open: boolean;
  onLock: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  const confirm = async () => onLock(((await form.validateFields()) as { password: string }).password);
  return (
    <Modal
      open={open}
      title={t('lock.title')}
      onOk={confirm}
      onCancel={onClose}
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
  );
}
