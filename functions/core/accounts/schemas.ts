/**
 * Account forms: one zod schema each, used by the handlers and by the web forms, with the
 * spec's messages (section 5). E-mail addresses are normalised (trimmed, lower-cased) here, so
 * every lookup compares the same form.
 */
import * as z from 'zod/mini';
import { isChineseName, tidyChineseName } from '../orders/chinese-names';
import { orderMessages } from '../orders/messages';
import { normalizeEmail } from './email';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const messages = {
  emailRequired: 'Please input your E-mail!',
  emailInvalid: 'The input is not valid E-mail!',
  passwordRequired: 'Please enter your password!',
  newPasswordRequired: 'Please input your password!',
  confirmRequired: 'Please confirm your password!',
  confirmMismatch: 'Two passwords that you enter is inconsistent!',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  resetNewRequired: 'Please input your new password!',
  currentRequired: 'Please input your current password!',
  resendEmailRequired: 'Please input email',
  required: 'Please enter.',
} as const;

export { normalizeEmail };

export const emailField = z.pipe(
  z.pipe(
    z.string({ message: messages.emailRequired }).check(z.trim(), z.minLength(1, messages.emailRequired), z.maxLength(254, messages.emailInvalid)),
    z.email({ message: messages.emailInvalid }),
  ),
  z.transform(normalizeEmail),
);

/** A new password: length only (NIST 800-63B); no composition rules that push people to worse ones. */
const newPassword = (requiredMessage: string) =>
  z.string({ message: requiredMessage }).check(z.minLength(1, requiredMessage), z.minLength(PASSWORD_MIN, messages.passwordTooShort), z.maxLength(PASSWORD_MAX, messages.passwordTooLong));

const confirmField = z.string({ message: messages.confirmRequired }).check(z.minLength(1, messages.confirmRequired));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ message: messages.passwordRequired }).check(z.minLength(1, messages.passwordRequired), z.maxLength(PASSWORD_MAX)),
});
export type LoginInput = z.input<typeof loginSchema>;

export const checkEmailSchema = z.object({ email: emailField });

export const registerSchema = z
  .object({ email: emailField, password: newPassword(messages.newPasswordRequired), confirm: confirmField })
  .check(z.refine((v) => v.password === v.confirm, { message: messages.confirmMismatch, path: ['confirm'] }));
export type RegisterInput = z.input<typeof registerSchema>;

export const resendSchema = z.object({
  email: z.pipe(z.string({ message: messages.resendEmailRequired }).check(z.trim(), z.minLength(1, messages.resendEmailRequired)), emailField),
});

export const activateSchema = z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) });

export const forgotSchema = z.object({
  email: emailField,
  /** The spec's client sends the page address; links in mails use the configured site origin instead. */
  url: z.optional(z.string()),
});
export type ForgotInput = z.input<typeof forgotSchema>;

export const resetSchema = z
  .object({
    token: z.string().check(z.minLength(16, 'This reset link is not valid.'), z.maxLength(200)),
    new_password: newPassword(messages.resetNewRequired),
    confirm_password: confirmField,
  })
  .check(z.refine((v) => v.new_password === v.confirm_password, { message: messages.confirmMismatch, path: ['confirm_password'] }));
export type ResetInput = z.input<typeof resetSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string({ message: messages.currentRequired }).check(z.minLength(1, messages.currentRequired), z.maxLength(PASSWORD_MAX)),
    new_password: newPassword(messages.resetNewRequired),
    confirm_password: confirmField,
  })
  .check(z.refine((v) => v.new_password === v.confirm_password, { message: messages.confirmMismatch, path: ['confirm_password'] }));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Deleting the account (core/accounts/own-data.ts): the current password confirms it. */
export const deleteAccountSchema = z.object({
  password: z.string({ message: messages.currentRequired }).check(z.minLength(1, messages.currentRequired), z.maxLength(PASSWORD_MAX)),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

const requiredText = (max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z.string({ message: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(max), ...more);
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** A part of a name in Chinese characters (issue 32): optional, spaces dropped, Chinese characters only. */
const chineseNamePart = z.optional(
  z.pipe(z.string().check(z.maxLength(40, orderMessages.tooLong)), z.transform(tidyChineseName)).check(z.refine((v) => v === '' || isChineseName(v), orderMessages.chineseName)),
);

/** Profile edit: occupation, organization, country and mobile required; nickname optional; e-mail not editable. */
export const profileSchema = z.object({
  first_name: optionalText(100),
  middle_initial: optionalText(10),
  last_name: optionalText(100),
  nick_name: optionalText(100),
  occupation: requiredText(120),
  organization: requiredText(200),
  country: requiredText(100),
  mobile: requiredText(40, z.regex(/^[+()\d\s-]{5,40}$/, 'Please enter a valid phone number.')),
  family_name_in_chinese: chineseNamePart,
  given_name_in_chinese: chineseNamePart,
}).check(
  z.superRefine((v, ctx) => {
    if (!v.family_name_in_chinese !== !v.given_name_in_chinese)
      ctx.addIssue({ code: 'custom', path: [v.family_name_in_chinese ? 'given_name_in_chinese' : 'family_name_in_chinese'], message: orderMessages.chineseNameBoth });
  }),
);
export type ProfileInput = z.input<typeof profileSchema>;
