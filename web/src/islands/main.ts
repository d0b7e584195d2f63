/**
 * The only script of the static public pages (built by scripts/build-web.ts): it brings the few
 * interactive parts to life. The pages are complete without it; no React runs here.
 */
import { enhanceAbstractSubmit } from './abstract-submit';
import { enhanceCarousel } from './carousel';
import { enhanceDisclosures } from './disclosures';
import { enhanceLanguageSwitch } from './language-switch';
import { enhanceProgrammeCards } from './programme-cards';
import { enhanceTableScrolls } from './table-scroll';

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) enhanceDisclosures(header);
enhanceLanguageSwitch();
document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(enhanceCarousel);
enhanceTableScrolls();
document.querySelectorAll<HTMLElement>('[data-abstract-submit]').forEach((el) => void enhanceAbstractSubmit(el));
// The not-found page names the address that was asked for.
document.querySelectorAll<HTMLElement>('[data-current-path]').forEach((el) => (el.textContent = window.location.pathname));
void enhanceProgrammeCards([...document.querySelectorAll<HTMLAnchorElement>('a[data-published-path]')]);
