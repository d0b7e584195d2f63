/** In-memory ports of the upload and abstract rules: the same contracts as the S3 and DynamoDB adapters. */
import type { AbstractStore, StoredAbstract } from '#core/abstracts/ports';
import type { Mail } from '#core/accounts/ports';
import type { FileStore, ObjectStore, PendingStore, PendingUpload, StoredFile } from '#core/uploads/ports';
import { fakeThrottle } from '../fake-throttle';

export function fakeObjects() {
  const objects = new Map<string, Buffer>();
  /** Keys signed with the pending tag whose tag was not cleared yet. */
  const tagged = new Set<string>();
  /** Every ranged read, to show how little of a large file is read. */
  const reads: string[] = [];
  const store: ObjectStore = {
    presignPut: async (key, { contentType, size, expiresSeconds }) => {
      tagged.add(key);
      return { url: `https://s3.test/${key}?size=${size}&expires=${expiresSeconds}`, headers: { 'content-type': contentType } };
    },
    clearPendingTag: async (key) => void tagged.delete(key),
    presignGet: async (key, { expiresSeconds }) => `https://s3.test/${key}?get&expires=${expiresSeconds}`,
    readRange: async (key, start, end) => {
      const object = objects.get(key);
      if (!object) return undefined;
      reads.push(`${start}-${end}`);
      return { bytes: new Uint8Array(object.subarray(start, end + 1)), size: object.length };
    },
    delete: async (key) => {
      objects.delete(key);
      tagged.delete(key);
    },
  };
  return { store, objects, reads, tagged };
}

export function fakePending() {
  const uploads = new Map<string, PendingUpload>();
  const store: PendingStore = {
    add: async (upload, max) => {
      if ([...uploads.values()].filter((u) => u.owner_id === upload.owner_id).length >= max) return 'full';
      uploads.set(upload.id, { ...upload });
      return 'added';
    },
    get: async (owner, id) => (uploads.get(id)?.owner_id === owner ? { ...uploads.get(id)! } : undefined),
    list: async (owner) => [...uploads.values()].filter((u) => u.owner_id === owner).map((u) => ({ ...u })),
    remove: async (owner, id) => {
      const u = uploads.get(id);
      if (!u || u.owner_id !== owner) return undefined;
      uploads.delete(id);
      return u;
    },
  };
  return { store, uploads };
}

export function fakeFiles(pending = fakePending()) {
  const files = new Map<string, StoredFile>();
  const counters = new Map<string, number>();
  const counter = (owner: string, purpose: string) => `${owner}/${purpose}`;
  const store: FileStore = {
    get: async (owner, id) => (files.get(id)?.owner_id === owner ? { ...files.get(id)! } : undefined),
    list: async (owner, purpose) => [...files.values()].filter((f) => f.owner_id === owner && f.purpose === purpose).map((f) => ({ ...f })),
    count: async (owner, purpose) => counters.get(counter(owner, purpose)) ?? 0,
    add: async (file, max) => {
      if (files.has(file.id)) return 'exists';
      const n = counters.get(counter(file.owner_id, file.purpose)) ?? 0;
      if (n >= max) return 'full';
      if (!pending.uploads.has(file.id)) return 'not-pending';
      pending.uploads.delete(file.id);
      counters.set(counter(file.owner_id, file.purpose), n + 1);
      files.set(file.id, { ...file });
      return 'added';
    },
    remove: async (owner, id) => {
      const file = files.get(id);
      if (!file || file.owner_id !== owner) return undefined;
      files.delete(id);
      counters.set(counter(owner, file.purpose), (counters.get(counter(owner, file.purpose)) ?? 1) - 1);
      return file;
    },
  };
  /**
   * Makes `abstractId` the holder of the files, all or none, as the abstract's transaction does:
   * false when a file is gone or held by another abstract.
   */
  const hold = (owner: string, ids: string[], abstractId: string | null) => {
    const all = ids.map((id) => files.get(id));
    if (all.some((f) => !f || f.owner_id !== owner || (f.abstract_id && abstractId && f.abstract_id !== abstractId))) return false;
    for (const f of all) f!.abstract_id = abstractId;
    return true;
  };
  return { store, files, hold };
}

export function fakeAbstracts(files: ReturnType<typeof fakeFiles>) {
  const abstracts = new Map<string, StoredAbstract>();
  const holds = (a: StoredAbstract) => files.hold(a.owner_id, a.upload_files, a.id);
  const store: AbstractStore = {
    list: async (owner) => [...abstracts.values()].filter((a) => a.owner_id === owner),
    get: async (owner, id) => (abstracts.get(id)?.owner_id === owner ? structuredClone(abstracts.get(id)!) : undefined),
    create: async (abstract, max) => {
      if ([...abstracts.values()].filter((a) => a.owner_id === abstract.owner_id).length >= max) return 'full';
      if (!holds(abstract)) return 'files-taken';
      abstracts.set(abstract.id, structuredClone(abstract));
      return 'created';
    },
    update: async (abstract, previous) => {
      if (!abstracts.has(abstract.id)) return 'missing';
      if (abstracts.get(abstract.id)!.updated_at !== previous.updated_at) return 'changed';
      if (!holds(abstract)) return 'files-taken';
      abstracts.set(abstract.id, structuredClone(abstract));
      return 'updated';
    },
    remove: async (owner, id) => {
      const a = abstracts.get(id);
      if (!a || a.owner_id !== owner) return undefined;
      abstracts.delete(id);
      return a;
    },
  };
  return { store, abstracts };
}

export function fakeUploadWorld() {
  const objects = fakeObjects();
  const pending = fakePending();
  const files = fakeFiles(pending);
  const limits = fakeThrottle();
  const abstracts = fakeAbstracts(files);
  const outbox: Mail[] = [];
  const errors: string[] = [];
  let ids = 0;
  let failMail = false;
  const log = { error: (m: string) => void errors.push(m), info: () => undefined };
  const newId = () => `id-${++ids}`;
  return {
    objects,
    files,
    pending,
    limits,
    abstracts,
    outbox,
    errors,
    failMail: () => void (failMail = true),
    uploadDeps: { objects: objects.store, files: files.store, pending: pending.store, throttle: limits.throttle, newId, log },
    abstractDeps: {
      abstracts: abstracts.store,
      files: files.store,
      objects: objects.store,
      users: { getUser: async (id: string) => ({ id, email: `${id}@example.org` }) as never },
      mailer: {
        send: async (mail: Mail) => {
          if (failMail) throw new Error('SES is down');
          outbox.push(mail);
          return 'sent' as const;
        },
      },
      newId,
      log,
      siteOrigin: 'https://congress.example.org',
    },
  };
}
