/**
 * The home page's "Program at a glance" and "Full Programme" cards (issue 33): they lead to the PDFs
 * until the committee publishes the programme, then to /program. The page is built once for
 * everyone, so the published state is asked here (GET /programme/status: one key, cached): a card
 * marked with `data-published-path` then leads there in this window.
 */
import { routes } from '#core/routes';
import { callApi } from '../lib/api-client';

export async function enhanceProgrammeCards(cards: HTMLAnchorElement[]) {
  if (cards.length === 0) return;
  let published = false;
  try {
    published = (await callApi<{ published: boolean }>(routes.getProgrammeStatus)).published;
  } catch {
    return; // Offline or refused: the PDFs are still there.
  }
  if (!published) return;
  for (const card of cards) {
    card.href = card.dataset.publishedPath!;
    card.removeAttribute('target');
    card.removeAttribute('rel');
    card.querySelector('[data-new-tab-note]')?.remove();
  }
}
