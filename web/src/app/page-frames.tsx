/**
 * SPA pages whose HTML carries their own frame (title and lead) instead of the SPA shell's bare
 * skeleton: the page's largest text paints with the HTML, before the app's code has loaded
 * (Lighthouse's LCP on a phone). The SPA then renders the page in place of it, with the same words.
 * Only pages every visitor sees alike belong here (the frame is built once, for everyone).
 */
import type { PageFrame } from '../components/page';
import { paths } from '../config/paths';
import { abstractsFrame } from '../features/abstracts/abstracts-frame';
import { orderListFrame } from '../features/registration/order-list-frame';

export const pageFrames: Record<string, PageFrame> = {
  [paths.registrationList]: orderListFrame,
  [paths.abstracts]: abstractsFrame,
};
