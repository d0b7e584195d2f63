/** Fixed instants and small helpers shared by the upload and abstract rule tests. */
import { expect } from 'vitest';
import { AppError } from '#core/errors';
import { confirmUpload, requestUpload } from '#core/uploads/uploads';
import type { UploadPurpose } from '#core/uploads/rules';
import { pdfBytes } from '../../../support/files';
import type { fakeUploadWorld } from './fakes';

export type World = ReturnType<typeof fakeUploadWorld>;

/** Well before the abstract deadline. */
export const EARLY = new Date('2024-05-10T02:00:00Z');
/** 16 May 2024 23:59:59.999 CST: the last instant abstracts may change. */
export const LAST_MS = new Date('2024-05-16T15:59:59.999Z');
/** 16 May 2024 24:00:00 CST: the deadline itself, already closed. */
export const CLOSED = new Date('2024-05-16T16:00:00.000Z');
/** During the congress, long after the abstract deadline. */
export const CONGRESS = new Date('2024-11-05T01:30:00Z');

/** The AppError a promise is rejected with; fails the test if it resolves or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Signs an upload and stores the bytes under the signed key, as the browser's PUT would. */
export async function put(world: World, owner: string, purpose: UploadPurpose, name: string, bytes: Buffer, at = EARLY) {
  const signed = await requestUpload(world.uploadDeps, owner, { purpose, file_name: name, size: bytes.length }, at);
  world.objects.objects.set(signed.key, bytes);
  return signed.key;
}

/** The three steps of an upload: sign, put, confirm. */
export async function upload(world: World, owner: string, purpose: UploadPurpose, name: string, bytes: Buffer, at = EARLY) {
  return confirmUpload(world.uploadDeps, owner, purpose, await put(world, owner, purpose, name, bytes, at), at);
}

export const uploadPdf = (world: World, owner: string, name: string, at = EARLY) => upload(world, owner, 'abstract', name, pdfBytes(), at);
