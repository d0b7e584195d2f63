/**
 * The new-order wizard's title and lead: the wizard shows them at every step and in every state of
 * /registration/submission (a new order at step 1, a restored draft at step 2, a payment link at
 * step 5, an order the server would refuse), so its HTML (built once for every delegate,
 * web/src/app/page-frames.tsx) paints them before any script runs, and the lead is the page's
 * largest text (Lighthouse's LCP on a phone). Nothing here may depend on the delegate or the order.
 * The edit route (/registration/submission-edit/{id}) has its own title over the same lead.
 */
import { conferenceFacts } from '#core/domain/conference-facts';
import type { PageFrame } from '../../components/page';
import { InlineText } from '../../components/content/inline-text';
import { useContent } from '../../content/localise';
import { placeholderValues } from '../../content/placeholders';
import infoJson from '../../content/registration-info.json';
import { useLang } from '../../i18n/i18n';

/** The lead in the page's language (content translations; dates as the language writes them). */
function WizardLead() {
  const lang = useLang();
  const info = useContent(infoJson);
  return <InlineText text={info.lead} values={placeholderValues(conferenceFacts(), lang)} />;
}

export const wizardLead = <WizardLead />;

export const orderWizardFrame: PageFrame = { title: 'Registration', titleId: 'registration.wizard.title', width: 'wide', lead: wizardLead };

export const orderEditFrame: PageFrame = { ...orderWizardFrame, title: 'Edit registration', titleId: 'registration.wizard.editTitle' };
