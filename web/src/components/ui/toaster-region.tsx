/**
 * The notices' region and store (Chakra's toaster): loaded and mounted with the first notice
 * (web/src/components/ui/toaster.ts), shown top right, announced politely.
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';

export const store = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

let markMounted: () => void;
/** Resolves once the region is in the page: a notice added to a live region that exists already is announced. */
export const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export default function ToasterRegion() {
  useEffect(() => {
    requestAnimationFrame(() => markMounted());
  }, []);
  return (
    <Portal>
      <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Close notice" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
