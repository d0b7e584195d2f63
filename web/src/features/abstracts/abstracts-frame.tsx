/**
 * The abstract list's title and lead: the page shows them, and its HTML (built once for every
 * delegate, web/src/app/page-frames.tsx) paints them before any script runs. Nothing here may
 * depend on the delegate or the clock: the same words are true for everyone, at any time.
 *
 * The frame's title is named by its catalog id (the pre-rendered HTML of each language shows it in
 * that language); the lead is a component, in the page's language too.
 */
import { abstractLimits, deadlines } from '#core/config/conference';
import { formatDeadline } from '#core/i18n/format';
import type { PageFrame } from '../../components/page';
import { useLang, useT } from '../../i18n/i18n';

/** The submission deadline as the page's language writes it. */
export function useDeadlineText(): string {
  return formatDeadline(useLang(), deadlines.abstractSubmission);
}

function AbstractsLead() {
  const t = useT();
  const deadline = useDeadlineText();
  return (
    <>
      {t('abstracts.list.leadBefore')}
      <strong>{deadline}</strong>
      {t('abstracts.list.leadAfter', { max: abstractLimits.maxAbstractsPerDelegate })}
    </>
  );
}

export const abstractsFrame: PageFrame = {
  title: 'ABSTRACT UPLOAD',
  titleId: 'abstracts.list.title',
  width: 'wide',
  lead: <AbstractsLead />,
};
