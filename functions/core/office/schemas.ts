import * as z from 'zod/mini';

const codeMessage = 'Please enter the 6-digit code from your authenticator app.';
/** A 6-digit code (spaces as some apps show them are allowed). */
export const totpCode = z.pipe(
  z.string({ message: codeMessage }).check(z.maxLength(12, codeMessage)),
  z.transform((v) => v.replace(/\s/g, '')),
).check(z.regex(/^\d{6}$/, codeMessage));

export const confirmSecondFactorBody = z.object({ code: totpCode });

const recoveryMessage = 'Please enter one of your recovery codes (10 letters and digits).';
/** Either a code from the app or a recovery code. */
export const verifySecondFactorBody = z.union([
  z.object({ code: totpCode }),
  z.object({ recovery_code: z.string({ message: recoveryMessage }).check(z.minLength(10, recoveryMessage), z.maxLength(20, recoveryMessage)) }),
]);
