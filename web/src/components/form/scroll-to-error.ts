/**
 * After a refused submit: scrolls the first invalid field of the form into view and focuses it
 * (spec: "the view scrolls to the first invalid field and stays"). Runs after React has painted
 * the messages.
 */
export function scrollToFirstError(form: HTMLElement | null) {
  setTimeout(() => {
    const first =
      form?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-invalid] input, [data-invalid] select, [data-invalid] textarea, [data-invalid]');
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    first?.focus({ preventScroll: true });
  }, 0);
}
