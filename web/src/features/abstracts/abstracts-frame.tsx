/**
 * The abstract list's title and lead: the page shows them, and its HTML (built once for every
 * delegate, web/src/app/page-frames.tsx) paints them before any script runs. Nothing here may
 * depend on the delegate or the clock: the same words are true for everyone, at any time.
 */
import { abstractLimits, deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import type { PageFrame } from '../../components/page';

export const deadlineText = formatCstDeadline(deadlines.abstractSubmission);

export const abstractsFrame: PageFrame = {
  title: 'ABSTRACT UPLOAD',
  width: 'wide',
  lead: (
    <>
      Deadline for abstract submission: <strong>{deadlineText}</strong>. You can submit up to {abstractLimits.maxAbstractsPerDelegate} abstracts and
      change or delete them until then.
    </>
  ),
};
