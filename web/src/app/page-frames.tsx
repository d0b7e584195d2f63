/**
 * SPA pages whose HTML carries their own frame (title and lead, or the lead alone when the title
 * depends on the delegate) instead of the SPA shell's bare skeleton: the page's largest text
 * paints with the HTML, before the app's code has loaded (Lighthouse's LCP on a phone). The SPA then renders the page in place of it, with the same words.
 * Only pages every visitor sees alike belong here (the frame is built once, for everyone).
 */
import type { PageFrame } from '../components/page';
import { paths } from '../config/paths';
import { abstractFormFrame } from '../features/abstracts/abstract-form-frame';
import { abstractsFrame } from '../features/abstracts/abstracts-frame';
import { programmeFrame } from '../features/programme/programme-frame';
import { orderListFrame } from '../features/registration/order-list-frame';
import { orderEditFrame, orderWizardFrame } from '../features/registration/order-wizard-frame';

/** A frame without a title (its title depends on the delegate or the clock) keeps the title's skeleton. */
export const pageFrames: Record<string, Partial<PageFrame>> = {
  [paths.registrationList]: orderListFrame,
  [paths.registrationNew]: orderWizardFrame,
  [paths.registrationEdit]: orderEditFrame,
  [paths.abstracts]: abstractsFrame,
  [paths.abstractNew]: abstractFormFrame,
  [paths.abstractEdit]: abstractFormFrame,
  [paths.program]: programmeFrame,
};
