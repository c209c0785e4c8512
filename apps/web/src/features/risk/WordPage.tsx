import { useMemo, useRef, useState } from 'react';
import { CrudTable } from '@/shared/crud';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
import { ImportWordsDialog, TestTextDialog } from './WordDialogs';
import { wordDef } from './wordDef';
import './messages';

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
