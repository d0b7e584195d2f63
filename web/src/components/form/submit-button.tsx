/**
 * The submit button of every form. A form's HTML may be painted before its script runs (the
 * pre-rendered /login, sign-up and forgot-password pages): until the page is hydrated the button
 * is disabled, so neither a click nor Enter in a field can send the form natively - which would
 * put the password into the address bar as a GET query. It looks ready meanwhile: fading it in
 * when the page goes live would flash on every load (and be read mid-fade as too faint).
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;
/** False while rendering on the server and during hydration, true once the page is live. */
export const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  const looksReady = !hydrated && !props.disabled ? { _disabled: { opacity: 1, cursor: 'default' } } : {};
  return <Button colorPalette="brand" {...looksReady} {...props} type="submit" disabled={!hydrated || props.disabled} />;
}
