/** Wires the domain's ports to DynamoDB, SES and node's crypto: what a handler passes to a rule. */
import type { AccountDeps } from '#core/accounts/ports';
import { accountStore } from '#storage/users';
import { sessionStore } from '#storage/sessions';
import { tokenStore } from '#storage/tokens';
import { throttle } from '#storage/throttle';
import { mailMarkStore } from '#storage/mail-marks';
import { ownDataStore } from '#storage/own-data';
import { accountCopies } from '#storage/account-copies';
import type { OwnDataDeps } from '#core/accounts/own-data';
import { languagePreference } from '#storage/language';
import { secrets } from '#lib/crypto';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';

export function accountDeps(siteOrigin: string): AccountDeps {
  return {
    store: accountStore,
    sessions: sessionStore,
    tokens: tokenStore,
    throttle,
    secrets,
    mailer: sesMailer,
    mailMarks: mailMarkStore,
    log: domainLog,
    siteOrigin,
    languages: languagePreference,
  };
}

/** A delegate's own data: the export and the account's deletion (core/accounts/own-data.ts). */
export function ownDataDeps(): OwnDataDeps {
  return { store: ownDataStore, copies: accountCopies, secrets, throttle, log: domainLog };
}
