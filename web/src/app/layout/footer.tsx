import { Box, Container, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { SmartLink } from '../../components/smart-link';
import { useSite } from '../../content/localise';
import { useT } from '../../i18n/i18n';

/** Footer (spec): the two organising institutions, the presenters' enquiry address, contact, legal notice. */
export function Footer() {
  const site = useSite();
  const t = useT();
  const f = site.footer;
  return (
    <Box as="footer" bg="brand.800" color="white" mt="auto">
      <Container maxW="7xl" py="10" px={{ base: '4', md: '6' }}>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="8">
          {f.institutions.map((inst) => (
            <Stack key={inst.name} gap="1" fontSize="sm">
              <Heading as="h2" size="sm" color="white">
                {inst.name}
              </Heading>
              <Text color="brand.100">{inst.role}</Text>
              <Box as="address" fontStyle="normal" color="gray.100">
                {inst.address.map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
                {/* Only a number the organisers supplied: never a placeholder. */}
                {inst.phone && <Text>{t('frame.phone', { phone: inst.phone })}</Text>}
                <ChakraLink href={`mailto:${inst.email}`} color="white" textDecoration="underline">
                  {inst.email}
                </ChakraLink>
              </Box>
            </Stack>
          ))}
          <Stack gap="3" fontSize="sm">
            <Heading as="h2" size="sm" color="white">
              {f.presentersEnquiries.label}
            </Heading>
            <ChakraLink href={`mailto:${f.presentersEnquiries.email}`} color="white" textDecoration="underline">
              {f.presentersEnquiries.email}
            </ChakraLink>
            <SmartLink href={f.contact.href} color="white" textDecoration="underline">
              {f.contact.label}
            </SmartLink>
            <SmartLink href={f.legalNotice.href} color="white" textDecoration="underline">
              {f.legalNotice.label}
            </SmartLink>
          </Stack>
        </Grid>
        <Text mt="8" fontSize="xs" color="brand.100">
          {f.copyright}
        </Text>
      </Container>
    </Box>
  );
}
