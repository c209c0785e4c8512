import { useTranslation } from 'react-i18next';
import { Alert, Modal } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { PasswordForm } from '@/shared/auth/PasswordForm';

/** While check-password says the password is an initial one, nothing else can be done until it is changed. */
export function ForcePasswordChange() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: initial } = useQuery({
    queryKey: ['check-password'],
    queryFn: () => http.get<boolean>('/api/blade-user/check-password', { silent: true }),
    staleTime: Infinity,
  });
  return (
    <Modal
      open={initial === true}
      title={t('info.changePassword')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
    >
      <Alert type="warning" showIcon message={t('info.mustChange')} style={{ marginBottom: 16 }} />
      <PasswordForm name="force-password" onDone={() => client.setQueryData(['check-password'], false)} />
    </Modal>
  );
}
