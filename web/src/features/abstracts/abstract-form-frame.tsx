/**
 * The new-abstract form's lead: the form shows it, and so does its loading state (before the
 * server clock and the delegate's abstracts say which page it is), so the page's HTML (built once
 * for every delegate, web/src/app/page-frames.tsx) paints it before any script runs. No title: it
 * depends on the delegate and the clock (the form, submission closed, or the limit reached), and
 * the skeleton keeps its place until the page knows it.
 */
import type { PageFrame } from '../../components/page';
import { useT } from '../../i18n/i18n';
import { useDeadlineText } from './abstracts-frame';

function FormLead() {
  const t = useT();
  return (
    <>
      {t('abstracts.form.leadBefore')}
      <strong>{useDeadlineText()}</strong>
      {t('abstracts.form.leadAfter')}
    </>
  );
}

export const formLead = <FormLead />;

export const abstractFormFrame: Omit<PageFrame, 'title'> = { width: 'wide', lead: formLead };
