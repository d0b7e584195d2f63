/** Wiring of the office's jobs: the job records (table), the office-jobs queue (SQS), the export files (S3), the mail. */
import { recipientLanguages } from '#storage/language';
import type { JobDeps, JobQueue, WorkerDeps } from '#core/office/jobs';
import type { PreviewDeps } from '#core/office/send-mail';
import { abstractStore } from '#storage/abstracts';
import { exportFiles } from '#storage/export-files';
import { exportSource, mailSource } from '#storage/export-scan';
import { mailBatchStore } from '#storage/mail-jobs';
import { mailPreferences, unsubscribeTokens } from '#storage/mail-preferences';
import { officeJobStore } from '#storage/office-jobs';
import { orderStore } from '#storage/orders';
import { findUserByEmail } from '#storage/users';
import { queueSender } from '#lib/queue-sender';
import { secrets } from '#lib/crypto';
import { env } from '#lib/env';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { checkLedger } from '#lib/payments/ledger-check';
import { writeCsv } from '#lib/csv-writer';
import { mailReadyCertificates } from '#core/documents/certificate-mail';
import { mailPauseMs } from '#core/office/mail-jobs';
import { certificateMailDeps, paidOrders } from './certificate-mail';
import { renderAllBadges } from '#core/tickets/ticket-files';
import { signingKeys } from '#lib/checkin-keys';
import { roleSource, ticketRenderer } from './tickets';
import { decisionMailOf } from '#core/review/publishing';
import { publicationStore } from '#storage/review-publication';
import { decisionMailSource, reviewDeps } from './review';
import { runAssignment } from '#core/review/reviewing';
import type { BookExportDeps } from '#core/office/abstract-book-export';
import { allAbstracts } from '#core/review/conflict-checks';
import { abstractDirectory } from '#storage/office-directory';
import { programmeStore } from '#storage/programme';
import { programmeDeps } from './programme';
import { remindPresenters } from '#core/programme/reminders';
import { fileStore } from '#storage/files';
import { mailOnce } from '#storage/mail-once';
import { presenterMailOf, type PresenterMailDeps } from '#core/programme/presenter-mails';
import type { PublishedVersion } from '#core/programme/ports';
import type { StoredAbstract } from '#core/abstracts/ports';

const officeJobs = queueSender('office-jobs');
export const jobQueue: JobQueue = { send: (message) => officeJobs.send({ body: message }) };

export const jobDeps: JobDeps = { jobs: officeJobStore, queue: jobQueue, newId: secrets.newId, programme: { isPublished: () => programmeStore.isPublished() } };

/**
 * The abstract book of the latest published programme: every abstract with its text (the
 * programme's own source reads the same items), rendered by pdfkit in a chunk of its own, loaded
 * only by a book's job (the CSV exports never parse pdfkit).
 */
const bookExport: BookExportDeps = {
  source: { latest: () => programmeStore.latest(), abstracts: () => allAbstracts(abstractDirectory), accountName: (id) => programmeDeps.sources.accountName(id) },
  async render(book) {
    const { renderAbstractBook } = await import('#lib/pdf/abstract-book');
    return (await renderAbstractBook(book)).bytes;
  },
};

/**
 * The presenters' mails of a programme publication (core/programme/presenter-mails.ts): versions
 * never change once published (kept here for the worker's life), the abstracts are read once a
 * minute at most (a batch of 25 mails reads them once, not 25 times).
 */
const versionsRead = new Map<number, Promise<PublishedVersion | undefined>>();
let abstractsRead: { at: number; all: Promise<StoredAbstract[]> } | undefined;
const presenterMailDeps: PresenterMailDeps = {
  versions: {
    version(number) {
      if (!versionsRead.has(number)) {
        const read = programmeStore.version(number);
        versionsRead.set(number, read);
        read.then((v) => v ?? versionsRead.delete(number)).catch(() => versionsRead.delete(number));
      }
      return versionsRead.get(number)!;
    },
  },
  abstracts() {
    if (!abstractsRead || Date.now() - abstractsRead.at > 60_000) abstractsRead = { at: Date.now(), all: allAbstracts(abstractDirectory) };
    return abstractsRead.all;
  },
  accountIdOf: async (email) => (await findUserByEmail(email))?.id,
  languages: recipientLanguages,
};

const publicationMails = { publication: publicationStore, source: decisionMailSource, languages: recipientLanguages };

export const jobWorkerDeps: WorkerDeps = {
  jobs: officeJobStore,
  source: exportSource,
  files: exportFiles,
  csv: writeCsv,
  book: bookExport,
  badges: { render: (title) => renderAllBadges({ orders: paidOrders, signer: signingKeys, roles: roleSource, render: ticketRenderer }, title) },
  log: domainLog,
  // The same check as `npm run reconcile`, webhook endpoint included.
  reconcile: () => checkLedger(),
  tasks: {
    presenterReminders: (at) =>
      remindPresenters(
        {
          latest: () => programmeStore.latest(),
          abstracts: () => allAbstracts(abstractDirectory),
          files: (ownerId, type) => fileStore.list(ownerId, type),
          accountIdOf: presenterMailDeps.accountIdOf,
          once: mailOnce,
          mailer: sesMailer,
          languages: recipientLanguages,
          log: domainLog,
          siteOrigin: env.siteOrigin(),
          pause: () => new Promise((resolve) => setTimeout(resolve, mailPauseMs())),
        },
        at,
      ),
    certificatesReady: (cursor, now) =>
      mailReadyCertificates(
        {
          ...certificateMailDeps(env.siteOrigin()),
          paid: paidOrders,
          next: (more) => jobQueue.send({ task: 'certificates-ready', cursor: more }),
          pause: () => new Promise((resolve) => setTimeout(resolve, mailPauseMs())),
        },
        cursor,
        now,
      ),
  },
  mail: {
    jobs: officeJobStore,
    batches: mailBatchStore,
    source: mailSource,
    preferences: mailPreferences,
    tokens: unsubscribeTokens,
    mailer: sesMailer,
    queue: jobQueue,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    decisionMail: (r, siteOrigin) => decisionMailOf(publicationMails, r, siteOrigin),
    presenterMail: (r, job) => presenterMailOf(presenterMailDeps, r, job),
    log: domainLog,
    languages: recipientLanguages,
  },
  presenterMails: { ...presenterMailDeps, jobs: officeJobStore, batches: mailBatchStore, queue: jobQueue, log: domainLog },
  assignment: { jobs: officeJobStore, run: (actor, now) => runAssignment(reviewDeps, actor, now) },
  publication: { publication: publicationStore, source: decisionMailSource, jobs: officeJobStore, batches: mailBatchStore, queue: jobQueue, log: domainLog },
};

/** The preview's look-ups: one order by its reference, or one account and its own orders and abstracts. */
export const previewDeps: PreviewDeps = {
  orderByReference: (reference) => orderStore.findByReference(reference),
  async accountByEmail(email) {
    const user = await findUserByEmail(email);
    return user && { id: user.id, email: user.email, first_name: user.first_name };
  },
  ordersOf: (userId) => orderStore.list(userId),
  hasAbstract: async (userId) => (await abstractStore.list(userId)).length > 0,
  languages: recipientLanguages,
};
