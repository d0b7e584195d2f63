/**
 * The language a mail is written in: its recipient's (issue 32, decision 0059), as the account
 * keeps it (USER#id / LANGUAGE: chosen with the language switch, or the page they signed up on).
 * The domain asks its port, never the request: a mail that follows a payment, a worker or an
 * office action is read by the delegate, not by whoever caused it. No choice stored, no account
 * (an office address) or a failed read: English, the spec's own words.
 */
import type { Lang } from '../i18n/lang';
import type { Logger } from '../accounts/ports';

export interface RecipientLanguages {
  /** The account's language, if it chose one. */
  get(userId: string): Promise<Lang | undefined>;
}

export async function recipientLanguage(
  deps: { languages?: RecipientLanguages; log?: Pick<Logger, 'error'> },
  userId: string | undefined,
): Promise<Lang> {
  if (!userId || !deps.languages) return 'en';
  try {
    return (await deps.languages.get(userId)) ?? 'en';
  } catch (error) {
    // The mail still goes, in English: a missing language is no reason to withhold it.
    deps.log?.error('recipient language not read', { user_id: userId, error: (error as Error).message });
    return 'en';
  }
}
