import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointAccount } from '@forecourt/contracts';
import { accountQuery, type Ledger } from './api';
import { pointsText } from './format';
import './messages';

/** The holder's balance and totals, as the server has them now. */
export function AccountLine({ ledger, partyId }: { ledger: Ledger; partyId?: string }) {
  const { t } = useTranslation();
  const account = useQuery(accountQuery(ledger, partyId));
  if (!partyId) return null;
  const a: PointAccount | undefined = account.data;
  return (
    <Spin spinning={account.isFetching && !a} size="small">
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }} title={t('points.record.account')}>
        <Descriptions.Item label={t('points.record.currentBalance')}>
          <strong data-testid="points-balance">{a ? pointsText(a.balance) : '…'}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('points.record.earned')}>
          {a ? pointsText(a.earned) : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('points.record.spent')}>
          {a ? pointsText(a.spent) : '…'}
        </Descriptions.Item>
      </Descriptions>
    </Spin>
  );
}
