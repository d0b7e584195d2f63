/**
 * "Are you sure?" for actions that cannot be undone (deleting an abstract, removing a file). The
 * dialog's code (Chakra's dialog machinery, about 20 kB gzip) and its mounting wait until it is
 * first opened: pages that offer a removal do not pay for it when they load. Once opened it stays
 * mounted, so it closes with its animation and returns focus to the button that opened it.
 */
import { Suspense, lazy, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting (default Cancel). */
  dismissLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** The confirm button's colour (default red: a removal); e.g. brand for booking money. */
  confirmPalette?: string;
  /** The confirm button cannot be pressed yet (e.g. while what it would do is still being found). */
  confirmDisabled?: boolean;
}

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
