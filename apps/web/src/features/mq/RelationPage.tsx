import { Suspense, lazy, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MqRelation, MqRelationSubmit } from '@forecourt/contracts';
import { toast } from '@/shared/http';
import { useSession } from '@/shared/auth/store';
import { isPlatformAdmin } from '@/shared/auth/session';
import { CrudTable, type Row } from '@/shared/crud';
import { relationBody, relationDef, relationForm, saveRelation } from './relationDef';
import './messages';

// The form loads when the platform administrator first opens it; nobody else ever does.
const FormDialog = lazy(() =>
  import('@/shared/crud/FormDialog').then((m) => ({ default: m.FormDialog<Row> })),
);

/** /monitor/dmt/mq_relation: the relations, paused, resumed and given their deliveries by the platform. */
export default function RelationPage() {
  const { t } = useTranslation();
  const platform = useSession((s) => isPlatformAdmin(s.user));
  const [editing, setEditing] = useState<{ row: MqRelation; reload: () => void }>();
  const def = useMemo(
    () => relationDef({ platform, edit: (row, reload) => setEditing({ row, reload }) }),
    [platform],
  );
  const save = useMutation({
    mutationFn: (body: MqRelationSubmit) => saveRelation(body),
    onSuccess: () => {
      toast.success(t('crud.saved'));
      editing?.reload();
      setEditing(undefined);
    },
  });
  return (
    <>
      <CrudTable def={def} />
      {editing && (
        <Suspense>
          <FormDialog
            open
            name="mq-relation-edit"
            mode="edit"
            title={t('crud.editTitle', { title: t('mqPage.relationNoun') })}
            columns={relationForm}
            initial={editing.row}
            record={editing.row}
            dictOptions={() => []}
            width={560}
            saving={save.isPending}
            onSubmit={(values) => save.mutate(relationBody(values, editing.row))}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
