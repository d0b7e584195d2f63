/** Wiring of the programme (core/programme): its items in the table, every abstract by category, the chairs' accounts. */
import type { ProgrammeDeps } from '#core/programme/ports';
import type { MyProgrammeDeps } from '#core/programme/my-programme';
import { myProgrammeStore } from '#storage/my-programme';
import { allAbstracts } from '#core/review/conflict-checks';
import { secrets } from '#lib/crypto';
import { abstractDirectory } from '#storage/office-directory';
import { delegatesBookStore, programmeStore } from '#storage/programme';
import type { DelegatesBookDeps } from '#core/programme/delegates-book';
import { delegatesBookFiles } from '#storage/export-files';
import { getUser } from '#storage/users';
import { officeJobStore } from '#storage/office-jobs';
import { queueSender } from '#lib/queue-sender';
import { edgeCache } from './edge';

export const programmeDeps: ProgrammeDeps = {
  store: programmeStore,
  sources: {
    abstracts: () => allAbstracts(abstractDirectory),
    async accountName(accountId) {
      const user = await getUser(accountId);
      return user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || undefined : undefined;
    },
  },
  newId: secrets.newId,
};

/** "My programme": the delegate's picks, the published programme for their calendar, a calendar key (256 random bits). */
export const myProgrammeDeps: MyProgrammeDeps = {
  mine: myProgrammeStore,
  programme: programmeStore,
  newKey: () => secrets.newToken().token,
};

const officeJobs = queueSender('office-jobs');

/** The publication's, with the office's jobs for the presenters' mails (decision 0067). */
export const publishDeps: ProgrammeDeps = {
  ...programmeDeps,
  presenterMails: { jobs: officeJobStore, queue: { send: (message) => officeJobs.send({ body: message }) }, newId: secrets.newId },
  edge: edgeCache,
};

/** The abstract book for delegates: the office's export jobs, the latest publication's number, the book's file and item. */
export const delegatesBookDeps: DelegatesBookDeps = {
  jobs: officeJobStore,
  latestPublication: async () => (await programmeStore.publishedStatus())?.number,
  files: delegatesBookFiles,
  store: delegatesBookStore,
  edge: edgeCache,
};
