import { Box, Flex, Text } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n';

/**
 * Where the delegate is in a short sequence (an ordered list, the current step marked with
 * aria-current): a static indicator, not tabs.
 */
export function ProgressSteps({ steps, current }: { steps: string[]; current: number }) {
  const t = useT();
  return (
    <Flex as="ol" aria-label={t('form.ui.progress')} gap={{ base: '2', md: '4' }} direction={{ base: 'column', sm: 'row' }} listStyleType="none">
      {steps.map((step, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <Flex as="li" key={step} align="center" gap="2" flex="1" aria-current={state === 'current' ? 'step' : undefined}>
            <Box
              boxSize="7"
              flexShrink={0}
              borderRadius="full"
              display="grid"
              placeItems="center"
              fontSize="sm"
              fontWeight="bold"
              bg={state === 'todo' ? 'gray.100' : 'brand.600'}
              color={state === 'todo' ? 'gray.700' : 'white'}
              aria-hidden="true"
            >
              {state === 'done' ? '✓' : i + 1}
            </Box>
            <Text fontWeight={state === 'current' ? 'semibold' : 'normal'} color={state === 'todo' ? 'gray.700' : 'gray.900'}>
              {step}
              <Box as="span" srOnly>
                {state === 'done' ? t('form.ui.stepDone') : state === 'current' ? t('form.ui.stepCurrent') : ''}
              </Box>
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
