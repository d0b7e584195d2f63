/**
 * After a refused submit: scrolls the first invalid field of the form into view and focuses it
 * (spec: "the view scrolls to the first invalid field and stays"). Runs after React has painted
 * the messages.
 */
export function scrollToFirstError(form: HTMLElement | null) {
  setTimeout(() => {
    // One selector, so that document order decides which invalid field is first.
    const marked = form?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"], [data-invalid]');
    // A marked wrapper (a field, a radio group) is reached through its first control.
    const first = marked?.matches('input, select, textarea') ? marked : (marked?.querySelector<HTMLElement>('input, select, textarea') ?? marked);
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    first?.focus({ preventScroll: true });
  }, 0);
}
