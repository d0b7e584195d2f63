/** Wiring of the registration by category: its store, the upload records, the delegate's profile; its review (mail) and the office's view. */
import { recipientLanguages } from '#storage/language';
import type { RegistrationOfficeDeps } from '#core/office/registrations';
import type { RegistrationDeps } from '#core/registration-by-category/ports';
import type { CancelRegistrationDeps } from '#core/registration-by-category/cancel-registration';
import type { RegistrationMoneyDeps } from '#core/registration-by-category/pay-registration';
import { paymentsDeps, type RequestActor } from './orders';
import type { ReviewDeps } from '#core/registration-by-category/review';
import { abstractStore } from '#storage/abstracts';
import { auditOf } from '#storage/audit';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { delegateDirectory } from '#storage/office-directory';
import { orderStore } from '#storage/orders';
import { registrationStore } from '#storage/registrations';
import { getUser } from '#storage/users';
import { ledger } from '#storage/ledger';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';

export function registrationDeps(): RegistrationDeps {
  return { registrations: registrationStore, files: fileStore, profile: getUser };
}

/** Cost detail, dinners and payment: the registration store and the one payments module. */
export function registrationMoneyDeps(siteOrigin: string, who: RequestActor): RegistrationMoneyDeps {
  return { registrations: registrationStore, payments: paymentsDeps(siteOrigin, who), siteOrigin };
}
/** Cancelling a registration: its store (an unpaid one is written over the version read) and the one payments module (refunds). */
export function registrationCancelDeps(siteOrigin: string, who: RequestActor): CancelRegistrationDeps {
  return { registrations: registrationStore, payments: paymentsDeps(siteOrigin, who) };
}
/** The review's writes and its mail to the delegate (links to the site the request came through). */
export function reviewDeps(siteOrigin: string): ReviewDeps {
  return { registrations: registrationStore, files: fileStore, mailer: sesMailer, log: domainLog, siteOrigin, languages: recipientLanguages };
}

/** The office's lists of registrations and one registration with its files (download links) and audit trail. */
export const officeRegistrationDeps: RegistrationOfficeDeps = {
  registrations: registrationStore,
  directory: delegateDirectory,
  records: { orders: orderStore.list, abstracts: abstractStore.list, files: fileStore.listAll, auditOf },
  objects: objectStore,
  ledger,
};
