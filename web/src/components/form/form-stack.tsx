import { chakra } from '@chakra-ui/react';

/** A <form> laid out as a vertical stack; always `noValidate` (the zod schema validates, with the spec's messages). */
export const FormStack = chakra('form', {
  base: { display: 'flex', flexDirection: 'column', gap: '5' },
});
