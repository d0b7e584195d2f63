import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled part of a long form (a region named by its title), with an optional line of explanation. */
export function FormSection(props: { title: string; children: ReactNode; description?: ReactNode; level?: 'h2' | 'h3' }) {
  return (
    <Stack gap="4" as="section" aria-label={props.title}>
      <Box>
        <Heading as={props.level ?? 'h2'} size="md" color="brand.fg">
          {props.title}
        </Heading>
        {props.description && (
          <Text fontSize="sm" color="gray.700" mt="1">
            {props.description}
          </Text>
        )}
      </Box>
      {props.children}
    </Stack>
  );
}
