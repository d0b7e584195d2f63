import { runOfficeJob } from '#core/office/jobs';
import { now } from '#lib/clock';
import { jobWorkerDeps } from '#wiring/office-jobs';
import { defineSqsWorker } from '#lib/worker-handler';

/** The office's jobs from the office-jobs queue (core/workers.ts): each message runs the job it names. */
export const handler = defineSqsWorker('runOfficeJob', (message) => runOfficeJob(jobWorkerDeps, message, now));
