/** Wiring of the registration by category: its store, the upload records, the delegate's profile. */
import type { RegistrationDeps } from '#core/registration-by-category/ports';
import { fileStore } from '#storage/files';
import { registrationStore } from '#storage/registrations';
import { getUser } from '#storage/users';

export function registrationDeps(): RegistrationDeps {
  return { registrations: registrationStore, files: fileStore, profile: getUser };
}
