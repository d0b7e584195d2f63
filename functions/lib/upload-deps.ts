/**
 * Wiring of the upload rules, apart from the account and abstract wiring (deps.ts,
 * abstract-deps.ts) so that a function imports only the SDK clients it uses (each adds to the cold start).
 */
import type { UploadDeps } from '#core/uploads/uploads';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { secrets } from './crypto';
import { domainLog } from './logger';

export function uploadDeps(): UploadDeps {
  return { objects: objectStore, files: fileStore, newId: secrets.newId, log: domainLog };
}

