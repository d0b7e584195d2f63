import { Box, Card, Grid, Heading, Image } from '@chakra-ui/react';
import committeesJson from '../../content/committees.json';
import type { CommitteesContent } from '../../content/schema';
import { ContentBlocks } from '../../components/content/content-blocks';
import { useContentFacts } from '../../components/content/content-page';
import { Page, PageSkeleton } from '../../components/page';
import { useContent } from '../../content/localise';

const english = committeesJson as CommitteesContent;

/** The committees page: five committees, each with title, cover image and description. */
export default function CommitteesPage() {
  const { facts, values } = useContentFacts();
  // The content in the page's language (web/src/content/localise.ts).
  const committees = useContent(english);
  if (!facts.data || !values) return <PageSkeleton />;
  return (
    <Page title={committees.title} lead={committees.lead} description={committees.lead} width="wide">
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="6">
        {committees.committees.map((c) => (
          <Card.Root as="section" key={c.id} id={c.id} aria-labelledby={`${c.id}-title`} overflow="hidden">
            <Image src={c.cover} alt="" width="100%" height="auto" aspectRatio="2 / 1" objectFit="cover" />
            <Card.Body gap="3">
              <Heading as="h2" size="lg" id={`${c.id}-title`} color="brand.fg">
                {c.title}
              </Heading>
              <Box>
                <ContentBlocks blocks={c.description} facts={facts.data} values={values} />
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </Grid>
    </Page>
  );
}
