/** Wiring of what presenters see (core/programme/my-presentations.ts): their abstracts and files, and the published programme's public view. */
import type { MyPresentationsDeps } from '#core/programme/my-presentations';
import { abstractStore } from '#storage/abstracts';
import { fileStore } from '#storage/files';
import { programmeStore } from '#storage/programme';

export const myPresentationsDeps: MyPresentationsDeps = {
  abstracts: (ownerId) => abstractStore.list(ownerId),
  files: (ownerId, type) => fileStore.list(ownerId, type),
  publicView: () => programmeStore.publicView(),
};
