/** Wiring of the registration by category: its store, the upload records, the delegate's profile. */
import type { RegistrationDeps } from '#core/registration-by-category/ports';
import type { RegistrationMoneyDeps } from '#core/registration-by-category/pay-registration';
import { paymentsDeps, type RequestActor } from './order-deps';
import { fileStore } from '#storage/files';
import { registrationStore } from '#storage/registrations';
import { getUser } from '#storage/users';

export function registrationDeps(): RegistrationDeps {
  return { registrations: registrationStore, files: fileStore, profile: getUser };
}

/** Cost detail, dinners and payment: the registration store and the one payments module. */
export function registrationMoneyDeps(siteOrigin: string, who: RequestActor): RegistrationMoneyDeps {
  return { registrations: registrationStore, payments: paymentsDeps(siteOrigin, who), siteOrigin };
}
