import { LedgerPage } from './LedgerPage';

/** /fc/score/recordsToB (商户积分记录): the ground stores' points ledger (ToB). */
export default function RecordsToBPage() {
  return <LedgerPage party="store" />;
}
