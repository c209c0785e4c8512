type P = Record<string, unknown>;

/** A voice or video call record: custom message { businessID: 'av_call', … }. */
export interface CallRecord {
  businessID: 'av_call';
  callType?: 'voice' | 'video' | number;
  duration?: number;
  outcome?: 'completed' | 'cancelled' | 'rejected' | 'missed' | 'busy';
}

export function parseCall(payload: P): CallRecord | undefined {
  const raw = payload.data;
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  return data && typeof data === 'object' && (data as P).businessID === 'av_call'
    ? (data as CallRecord)
    : undefined;
}
