/**
 * The Submit button of the abstract guidelines (static page): once the deadline has passed on the
 * server's clock, show that submission is closed (with the deadline and a link to the delegate's
 * abstracts) instead of a button that leads to a form nobody can fill in.
 */
import { serverNow, syncClock } from '../lib/server-clock';

export async function enhanceAbstractSubmit(root: HTMLElement) {
  await syncClock();
  const closed = serverNow().getTime() >= Date.parse(root.dataset.deadline ?? '');
  for (const part of root.querySelectorAll<HTMLElement>('[data-when]')) part.hidden = part.dataset.when !== (closed ? 'closed' : 'open');
}
