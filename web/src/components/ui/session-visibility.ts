/**
 * Class names for parts shown only to a logged-in (or logged-out) visitor. The theme's global CSS
 * hides them by `<html data-session>` (web/src/lib/session-store.ts), so static pages show the
 * right variant from the first paint, without a script and without a layout shift.
 */
export const whenLoggedIn = 'when-logged-in';
export const whenLoggedOut = 'when-logged-out';
/** Shown only to an organiser (`<html data-office="in">`): the link to the registration office. */
export const whenOrganiser = 'when-organiser';
/** Shown only to a reviewer or committee member (`<html data-review="in">`): the link to the abstract review. */
export const whenReviewer = 'when-reviewer';

export const sessionVisibilityCss = {
  'html[data-session=in] .when-logged-out': { display: 'none !important' },
  'html:not([data-session=in]) .when-logged-in': { display: 'none !important' },
  'html:not([data-office=in]) .when-organiser': { display: 'none !important' },
  'html:not([data-review=in]) .when-reviewer': { display: 'none !important' },
  // Chakra's display props must not reveal what the `hidden` attribute hides (disclosures).
  '[hidden]': { display: 'none !important' },
} as const;
