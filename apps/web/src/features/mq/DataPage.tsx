import { DayRangeList } from './DayRangeList';
import { dataDef } from './dataDef';

/** /monitor/dmt/mq_message_data: the messages' bodies. */
export default function DataPage() {
  return <DayRangeList def={dataDef} />;
}
