/** Wiring of the office's delegates, abstracts and audit log: the table (reads) and the uploads bucket (download links). */
import type { AbstractOfficeDeps } from '#core/office/abstract-list';
import { abstractStore } from '#storage/abstracts';
import { auditLogReader, auditOf } from '#storage/audit';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { abstractDirectory, delegateDirectory } from '#storage/office-directory';
import { orderStore } from '#storage/orders';
import { orderRowOf } from '#storage/order-rows';

export const officePeopleDeps: AbstractOfficeDeps = {
  directory: delegateDirectory,
  abstractDirectory,
  records: { orders: orderStore.list, abstracts: abstractStore.list, files: fileStore.listAll, auditOf },
  objects: objectStore,
};

export const auditLogDeps = { log: auditLogReader, orders: { byReference: orderStore.findByReference, rowOf: orderRowOf } };
