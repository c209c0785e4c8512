import { DayRangeList } from './DayRangeList';
import { confirmDef } from './confirmDef';

/** /monitor/dmt/mq_confirm: the consumers' answers to each delivery. */
export default function ConfirmPage() {
  return <DayRangeList def={confirmDef} />;
}
