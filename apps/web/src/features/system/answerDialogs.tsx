import { Descriptions, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The dialogs that hand over what the server answered once (an initial password, a new tenant's admin
 * account): loaded when such an answer comes, not with the pages.
 */
export function showInitialPassword(t: TFunction, title: string, password: string) {
  Modal.info({
    title,
    content: (
      // Labelled: a bare string in a dialog does not say it is the password to hand over.
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('sys.user.initialPassword')}>
          <Typography.Text copyable={{ text: password }} code style={{ fontSize: 16 }}>
            {password}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    ),
  });
}

export function showTenantCreated(
  t: TFunction,
  a: { tenantId: string; adminAccount: string; adminPassword: string },
) {
  Modal.info({
    title: t('sys.tenant.created'),
    width: 520,
    content: (
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('sys.tenant.tenantId')}>{a.tenantId}</Descriptions.Item>
        <Descriptions.Item label={t('sys.tenant.adminAccount')}>{a.adminAccount}</Descriptions.Item>
        <Descriptions.Item label={t('sys.tenant.initialPassword')}>
          <Typography.Text copyable code>
            {a.adminPassword}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    ),
  });
}
