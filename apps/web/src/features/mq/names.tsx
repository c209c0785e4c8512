import { Tag } from 'antd';
import {
  MQ_CONFIRM_FAILED,
  MQ_CONFIRM_OK,
  MQ_CONSUMERS,
  MQ_DONE,
  MQ_FAILED,
  MQ_PUBLISHED,
  MQ_RELATION_ON,
  MQ_RELATION_PAUSED,
  MQ_STATUSES,
  MQ_TOPICS,
} from '@forecourt/contracts';
import i18n from '@/shared/i18n';
import type { Choice, CrudColumn } from '@/shared/crud';
import './messages';

// i18next reads a dot in a key as nesting: a code's text is keyed with its dots (and dashes) made `_`.
const keyOf = (code: string) => code.replace(/[^A-Za-z0-9]/g, '_');
const topicKey = (code: string) => `mqPage.topicOf.${keyOf(code)}`;
const consumerKey = (code: string) => `mqPage.consumerOf.${keyOf(code)}`;

/** A topic or consumer as people say it; a code this build does not know is shown as it is. */
export const topicName = (code: string) => i18n.t(topicKey(code), { defaultValue: code });
export const consumerName = (code: string) => i18n.t(consumerKey(code), { defaultValue: code });

/** The name, with the code the server and the logs use on hover. */
const named = (name: (code: string) => string) => (v: unknown) => (
  <span title={String(v)}>{name(String(v))}</span>
);

export const topicChoices: Choice[] = MQ_TOPICS.map((c) => ({ value: c, label: topicKey(c) }));
export const consumerChoices: Choice[] = MQ_CONSUMERS.map((c) => ({ value: c, label: consumerKey(c) }));

export const topicColumn = <R extends { topic: string }>(
  extra: Partial<CrudColumn<R>> = {},
): CrudColumn<R> => ({
  prop: 'topic',
  label: 'mqPage.topic',
  width: 130,
  choices: topicChoices,
  render: named(topicName),
  text: (r) => topicName(r.topic),
  ...extra,
});

export const consumerColumn = <R extends { consumer: string }>(
  extra: Partial<CrudColumn<R>> = {},
): CrudColumn<R> => ({
  prop: 'consumer',
  label: 'mqPage.consumer',
  width: 210,
  choices: consumerChoices,
  render: named(consumerName),
  text: (r) => consumerName(r.consumer),
  ...extra,
});

const COLOURS: Record<number, string> = {
  [MQ_DONE]: 'success',
  [MQ_PUBLISHED]: 'processing',
  [MQ_FAILED]: 'error',
};
export const messageStatuses: Choice[] = MQ_STATUSES.map((s) => ({
  value: s,
  label: `mqPage.statusOf.${s}`,
}));
export const messageStatusTag = (v: unknown) => (
  <Tag color={COLOURS[Number(v)] ?? 'default'}>{i18n.t(`mqPage.statusOf.${String(v)}`)}</Tag>
);

export const confirmStatuses: Choice[] = [
  { value: MQ_CONFIRM_OK, label: `mqPage.confirmOf.${MQ_CONFIRM_OK}` },
  { value: MQ_CONFIRM_FAILED, label: `mqPage.confirmOf.${MQ_CONFIRM_FAILED}` },
];
// Also drawn in the message's view, whose disabled form would grey it: a status read, not an input.
export const confirmStatusTag = (v: unknown) => (
  <Tag color={v === MQ_CONFIRM_OK ? 'success' : 'error'} disabled={false}>
    {i18n.t(`mqPage.confirmOf.${String(v)}`)}
  </Tag>
);

export const relationStatuses: Choice[] = [
  { value: MQ_RELATION_ON, label: `mqPage.relationOf.${MQ_RELATION_ON}` },
  { value: MQ_RELATION_PAUSED, label: `mqPage.relationOf.${MQ_RELATION_PAUSED}` },
];
export const relationStatusTag = (v: unknown) => (
  <Tag color={v === MQ_RELATION_ON ? 'success' : 'warning'}>{i18n.t(`mqPage.relationOf.${String(v)}`)}</Tag>
);

/** A JSON body indented for reading; text that is not JSON is shown as it came. */
export function prettyJson(text: unknown): string {
  if (typeof text !== 'string') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A body in a view form: the whole of it, scrolling when long (a text area's three rows cut it off). */
export const JsonBlock = ({ value }: { value?: unknown }) => (
  <pre
    style={{
      margin: 0,
      maxHeight: 360,
      overflow: 'auto',
      padding: 8,
      // Grey on the light theme and the dark one alike.
      background: 'rgba(127, 127, 127, 0.1)',
      borderRadius: 6,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
    }}
  >
    {prettyJson(value)}
  </pre>
);
