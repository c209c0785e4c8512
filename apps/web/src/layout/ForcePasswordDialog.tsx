import { useTranslation } from 'react-i18next';
import { Alert, Modal } from 'antd';
import { PasswordForm } from '@/shared/auth/PasswordForm';

/** The dialog that cannot be closed until the initial password is changed. */
export default function ForcePasswordDialog({ open, onDone }: { open: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('info.changePassword')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
    >
      <Alert type="warning" showIcon message={t('info.mustChange')} style={{ marginBottom: 16 }} />
      <PasswordForm name="force-password" onDone={onDone} />
    </Modal>
  );
}
