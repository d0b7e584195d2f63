import { useContent } from '../../content/localise';
import { useLang } from '../../i18n/i18n';
import { useMemo } from 'react';
import type { PageContent } from '../../content/schema';
import { placeholderValues } from '../../content/placeholders';
import { useConference } from '../../lib/conference';
import { Page, PageSkeleton } from '../page';
import { QueryError } from '../query-error';
import { ContentBlocks } from './content-blocks';
import { InlineText, plainText } from './inline-text';

/** A page made only of a content file (info, venue, welcome, contact, legal notice, ...). */
export function ContentPage({ content: english, children }: { content: PageContent; children?: React.ReactNode }) {
  // The page's texts in the page's language (web/src/content/localise.ts).
  const content = useContent(english);
  const { facts, values } = useContentFacts();
  if (facts.isError && !facts.data) return <QueryError error={facts.error} onRetry={() => void facts.refetch()} />;
  if (!facts.data || !values) return <PageSkeleton />;
  return (
    <Page
      title={plainText(content.title, values)}
      description={plainText(content.lead, values)}
      lead={<InlineText text={content.lead} values={values} />}
    >
      <ContentBlocks blocks={content.blocks} facts={facts.data} values={values} />
      {children}
    </Page>
  );
}

/** The congress facts and the placeholder values of content (in the page's language), once the facts are known. */
export function useContentFacts() {
  const facts = useConference();
  const lang = useLang();
  const values = useMemo(() => (facts.data ? placeholderValues(facts.data, lang) : undefined), [facts.data, lang]);
  return { facts, values };
}
