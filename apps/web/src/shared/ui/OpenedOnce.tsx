import { Suspense, useState, type ReactNode } from 'react';

/**
 * A lazy dialog's place: nothing until `open` is first true, then its children (in a Suspense) for good.
 * The dialog's code loads when it is first opened, not with its page, and once opened it stays mounted,
 * so it closes with its motion like any dialog.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense>{children}</Suspense> : null;
}
