import { DayRangeList } from './DayRangeList';
import { messageDef } from './messageDef';

/** /monitor/dmt/mq_message: the queue's messages, with the redelivery of one given up. */
export default function MessagePage() {
  return <DayRangeList def={messageDef} />;
}
