import { LedgerPage } from './LedgerPage';

/** /fc/score/records (积分记录): the customers' points ledger. */
export default function RecordsPage() {
  return <LedgerPage party="customer" />;
}
