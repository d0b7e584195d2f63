/** Wiring of the abstract rules: table, uploads bucket and mail. */
import { recipientLanguages } from '#storage/language';
import type { AbstractDeps } from '#core/abstracts/abstracts';
import { abstractStore } from '#storage/abstracts';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { accountStore } from '#storage/users';
import { secrets } from '#lib/crypto';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';

export function abstractDeps(siteOrigin: string): AbstractDeps {
  return {
    abstracts: abstractStore,
    files: fileStore,
    objects: objectStore,
    users: accountStore,
    mailer: sesMailer,
    newId: secrets.newId,
    log: domainLog,
    siteOrigin,
    languages: recipientLanguages,
  };
}
