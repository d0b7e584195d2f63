/**
 * The programme's title and lead: the page shows them, and its HTML (built once for every visitor,
 * web/src/app/page-frames.tsx) paints them before any script runs, so the largest text of the page
 * is there at once on a phone while the programme's data loads.
 */
import type { PageFrame } from '../../components/page';
import { useT } from '../../i18n/i18n';

function ProgrammeLead() {
  const t = useT();
  return <>{t('programme.lead')}</>;
}

export const programmeFrame: PageFrame = {
  title: 'Programme',
  titleId: 'programme.title',
  width: 'wide',
  lead: <ProgrammeLead />,
};
