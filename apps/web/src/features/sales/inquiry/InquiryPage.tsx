import { Suspense, lazy, useMemo, useState } from 'react';
import { CrudTable } from '@/shared/crud';
import { requestChat } from '@/shared/ui/chatRequest';
import { inquiryDef, type InquiryDialog, type InquiryListRow } from './inquiryDef';

// The action dialogs and the detail drawer (their forms, dates, timeline) load when first opened.
const dialogs = () => import('./InquiryDialogs');
const ActionDialog = lazy(() => dialogs().then((m) => ({ default: m.ActionDialog })));
const DetailDrawer = lazy(() => dialogs().then((m) => ({ default: m.DetailDrawer })));

/** /fc/inquiry/index. */
export default function InquiryPage() {
  const [dialog, setDialog] = useState<{ kind: InquiryDialog; row: InquiryListRow }>();
  const def = useMemo(
    () =>
      inquiryDef(
        (kind, row) => setDialog({ kind, row }),
        (row) => requestChat(row.customerChatId),
      ),
    [],
  );
  const close = () => setDialog(undefined);
  return (
    <>
      <CrudTable def={def} />
      <Suspense>
        {dialog?.kind === 'detail' && <DetailDrawer row={dialog.row} onClose={close} />}
        {dialog && dialog.kind !== 'detail' && (
          <ActionDialog kind={dialog.kind} row={dialog.row} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
