/** The dialog of web/src/components/ui/confirm-dialog.tsx (loaded when it is first opened). */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { ConfirmDialogProps } from './confirm-dialog';

export default function ConfirmDialogView(props: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {props.dismissLabel ?? t('form.ui.cancel')}
              </Button>
              <Button
                colorPalette={props.confirmPalette ?? 'red'}
                loading={busy}
                disabled={props.confirmDisabled}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await props.onConfirm();
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
