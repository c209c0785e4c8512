import { lazy, useMemo, useRef, useState } from 'react';
import { CrudTable } from '@/shared/crud';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
import { wordDef } from './wordDef';
import './messages';

// The dialogs (a select, alerts, tags) load when first opened: the list shows without them.
const ImportWordsDialog = lazy(() => import('./WordDialogs').then((m) => ({ default: m.ImportWordsDialog })));
const TestTextDialog = lazy(() => import('./WordDialogs').then((m) => ({ default: m.TestTextDialog })));

/** /text-filter/index: the declared word list with its two dialogs, the import and the text test. */
export default function WordPage() {
  const [dialog, setDialog] = useState<'import' | 'test'>();
  const reload = useRef<() => void>(() => undefined);
  const def = useMemo(
    () =>
      wordDef({
        importWords: (r) => {
          reload.current = r;
          setDialog('import');
        },
        testText: () => setDialog('test'),
      }),
    [],
  );
  const close = () => setDialog(undefined);
  return (
    <>
      <CrudTable def={def} />
      <OpenedOnce open={dialog === 'import'}>
        <ImportWordsDialog open={dialog === 'import'} onClose={close} onImported={() => reload.current()} />
      </OpenedOnce>
      <OpenedOnce open={dialog === 'test'}>
        <TestTextDialog open={dialog === 'test'} onClose={close} />
      </OpenedOnce>
    </>
  );
}
