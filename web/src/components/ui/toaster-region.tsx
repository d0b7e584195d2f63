/**
 * The notices' region and store (Chakra's toaster): loaded and mounted with the first notice
 * (web/src/components/ui/toaster.ts), announced politely. A notice never lies over the
 * navigation a delegate reaches for next: notices show at the bottom (the end corner; the whole
 * width on a phone), away from the sticky header, and they stack just below the header, so the
 * header's menus, open over a short screen, cover a notice rather than the other way round.
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';

export const store = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

let markMounted: () => void;
/** Resolves once the region is in the page: a notice added to a live region that exists already is announced. */
export const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export default function ToasterRegion() {
  const t = useT();
  useEffect(() => {
    requestAnimationFrame(() => markMounted());
  }, []);
  return (
    <Portal>
      {/* The toast machine sets the highest z-index inline; only an important rule is above it. */}
      <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }} css={{ zIndex: 'calc(var(--chakra-z-indices-sticky) - 1) !important' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label={t('form.ui.closeNotice')} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
