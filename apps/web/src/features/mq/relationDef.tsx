import { MQ_MAX_ATTEMPTS, type MqRelation, type MqRelationSubmit } from '@forecourt/contracts';
import { http } from '@/shared/http';
import type { CrudColumn, CrudDef, Row } from '@/shared/crud';
import {
  consumerChoices,
  consumerColumn,
  consumerName,
  relationStatusTag,
  relationStatuses,
  topicChoices,
  topicColumn,
  topicName,
} from './names';
import './messages';

const RELATIONS = '/api/blade-dmt/mq-relation';

export const saveRelation = (body: MqRelationSubmit) => http.post<MqRelation>(`${RELATIONS}/submit`, body);

export interface RelationPageHooks {
  /** The platform administrator: the only one the server lets change a relation. */
  platform: boolean;
  /** Opens the relation's form; `reload` once it was saved. */
  edit: (row: MqRelation, reload: () => void) => void;
}

/**
 * The relation's form: pause or resume it, and how many deliveries a message gets. Which topic reaches
 * which consumer is the code's (the server writes the rows), so those two are shown, not asked.
 */
export const relationForm: CrudColumn[] = [
  {
    prop: 'topic',
    label: 'mqPage.topic',
    choices: topicChoices,
    form: { lockedOnEdit: true },
  },
  {
    prop: 'consumer',
    label: 'mqPage.consumer',
    choices: consumerChoices,
    form: { lockedOnEdit: true },
  },
  {
    prop: 'status',
    label: 'mqPage.status',
    numeric: true,
    choices: relationStatuses,
    form: { required: true },
  },
  {
    prop: 'maxAttempts',
    label: 'mqPage.maxAttempts',
    form: { type: 'number', required: true, min: 1, max: MQ_MAX_ATTEMPTS },
  },
];

export const relationBody = (values: Row, row: MqRelation): MqRelationSubmit => ({
  id: row.id,
  status: Number(values.status) as MqRelationSubmit['status'],
  maxAttempts: Number(values.maxAttempts),
});

/**
 * /monitor/dmt/mq_relation: which consumer receives which topic, with what is waiting and what was given
 * up. No add or remove (the rows are the code's); the edit is a row button of the platform administrator
 * with `mq_relation_edit`, not the engine's, which would bring an add button with it.
 */
export function relationDef({ platform, edit }: RelationPageHooks): CrudDef<MqRelation> {
  return {
    name: 'mq-relation',
    title: 'mqPage.relationNoun',
    perm: 'mq_relation',
    rowName: (r) => `${topicName(r.topic)} → ${consumerName(r.consumer)}`,
    api: {
      // Every relation at once (a handful): the table's page of one.
      list: async () => {
        const records = await http.get<MqRelation[]>(`${RELATIONS}/list`);
        return { records, total: records.length, size: records.length, current: 1, pages: 1 };
      },
    },
    columns: [
      topicColumn<MqRelation>({ form: {} }),
      consumerColumn<MqRelation>({ form: {} }),
      {
        prop: 'status',
        label: 'mqPage.status',
        width: 90,
        numeric: true,
        choices: relationStatuses,
        render: relationStatusTag,
        form: {},
      },
      { prop: 'maxAttempts', label: 'mqPage.maxAttempts', width: 110, form: {} },
      { prop: 'backlog', label: 'mqPage.backlog', width: 80, form: {} },
      { prop: 'failed', label: 'mqPage.failed', width: 80, form: {} },
      { prop: 'updateTime', label: 'mqPage.updateTime', width: 170, form: {} },
    ],
    // Anyone else would be refused by the server (403): they get no button to be refused with.
    actions: platform
      ? [
          {
            key: 'edit',
            label: 'mqPage.edit',
            code: 'mq_relation_edit',
            place: 'row',
            run: ({ rows, reload }) => edit(rows[0]!, reload),
          },
        ]
      : [],
  };
}
