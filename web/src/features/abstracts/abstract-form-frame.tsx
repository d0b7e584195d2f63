/**
 * The new-abstract form's lead: the form shows it, and so does its loading state (before the
 * server clock and the delegate's abstracts say which page it is), so the page's HTML (built once
 * for every delegate, web/src/app/page-frames.tsx) paints it before any script runs. No title: it
 * depends on the delegate and the clock (the form, submission closed, or the limit reached), and
 * the skeleton keeps its place until the page knows it.
 */
import { deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import type { PageFrame } from '../../components/page';

export const formLead = (
  <>
    Deadline for abstract submission: <strong>{formatCstDeadline(deadlines.abstractSubmission)}</strong>. Fields marked * are required.
  </>
);

export const abstractFormFrame: Omit<PageFrame, 'title'> = { width: 'wide', lead: formLead };
