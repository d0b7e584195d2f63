/**
 * A delegate's language (USER#id / LANGUAGE), chosen with the site's language switch or taken from
 * the page they signed up on: the language of the mails they receive (issue 32).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { parseLang } from '#core/i18n/lang';
import type { LanguagePreferences } from '#core/accounts/ports';
import type { RecipientLanguages } from '#core/mail/recipient-language';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';

export const languagePreference: LanguagePreferences = {
  async get(userId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.language(userId) }));
    return parseLang(r.Item?.language);
  },
  async set(userId, lang, at) {
    await documentClient().send(
      new PutCommand({ TableName: env.tableName(), Item: { ...keys.language(userId), entity: 'language', language: lang, changed_at: at.toISOString() } }),
    );
  },
};

/** The language of the mails to an account (the mails' port, core/mail/recipient-language.ts). */
export const recipientLanguages: RecipientLanguages = {
  get: (userId) => languagePreference.get(userId),
};
