/**
 * Wiring of the upload rules, apart from the account and abstract wiring (accounts.ts,
 * abstracts.ts) so that a function imports only the SDK clients it uses (each adds to the cold start).
 */
import type { UploadDeps } from '#core/uploads/uploads';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { pendingStore } from '#storage/pending';
import { registrationStore } from '#storage/registrations';
import { documentsOf } from '#core/registration-by-category/ports';
import { throttle } from '#storage/throttle';
import { secrets } from '#lib/crypto';
import { domainLog } from '#lib/logger';

import { abstractStore } from '#storage/abstracts';

export function uploadDeps(): UploadDeps {
  return {
    objects: objectStore,
    files: fileStore,
    pending: pendingStore,
    throttle,
    newId: secrets.newId,
    log: domainLog,
    registrationDocuments: async (ownerId) => documentsOf(await registrationStore.get(ownerId)),
    presentations: (ownerId) => abstractStore.list(ownerId),
  };
}
