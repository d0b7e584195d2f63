/**
 * Disclosure buttons (WAI-ARIA disclosure pattern, the one meant for site navigation): a
 * `<button data-disclosure aria-expanded aria-controls>` shows or hides its panel. Escape closes
 * the open panel and returns focus to its button; a click elsewhere, focus leaving the area, or
 * following a link closes it. Buttons marked `data-logout` log out. Plain DOM, so the static pages
 * (islands) and the SPA's header share it; React never renders the state attributes again.
 */
import { logOut } from '../lib/logout';

export interface Disclosures {
  closeAll(): void;
  dispose(): void;
}

export function enhanceDisclosures(root: HTMLElement): Disclosures {
  const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('button[data-disclosure]')];
  const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '');
  const isOpen = (button: HTMLElement) => button.getAttribute('aria-expanded') === 'true';
  const set = (button: HTMLElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const panel = panelOf(button);
    if (panel) panel.hidden = !open;
  };
  const closeAll = () => buttons().filter(isOpen).forEach((b) => set(b, false));

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const button = target.closest<HTMLButtonElement>('button[data-disclosure]');
    if (button && root.contains(button)) {
      const open = !isOpen(button);
      closeAll();
      set(button, open);
      return;
    }
    if (target.closest('[data-logout]')) {
      closeAll();
      void logOut();
      return;
    }
    if (target.closest('a[href]')) closeAll();
  };
  const onDocumentClick = (event: MouseEvent) => {
    if (!root.contains(event.target as Node)) closeAll();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const open = buttons().find((b) => isOpen(b) && (b === document.activeElement || panelOf(b)?.contains(document.activeElement)));
    if (!open) return;
    set(open, false);
    open.focus();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget as Node)) closeAll();
  };

  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusout', onFocusOut);
  document.addEventListener('click', onDocumentClick);
  return {
    closeAll,
    dispose() {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', onDocumentClick);
    },
  };
}
