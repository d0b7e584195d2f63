/** Wiring of the office's jobs: the job records (table), the office-jobs queue (SQS), the export files (S3). */
import type { JobDeps, JobQueue, WorkerDeps } from '#core/office/jobs';
import { exportFiles } from '#storage/export-files';
import { exportSource } from '#storage/export-scan';
import { officeJobStore } from '#storage/office-jobs';
import { loadSqs } from './aws/clients';
import { secrets } from './crypto';
import { env } from './env';
import { domainLog } from './logger';

export const jobQueue: JobQueue = {
  async send(message) {
    const { sqsClient, SendMessageCommand } = await loadSqs();
    await sqsClient().send(new SendMessageCommand({ QueueUrl: env.jobsQueueUrl(), MessageBody: JSON.stringify(message) }));
  },
};

export const jobDeps: JobDeps = { jobs: officeJobStore, queue: jobQueue, newId: secrets.newId };

export const jobWorkerDeps: WorkerDeps = { jobs: officeJobStore, source: exportSource, files: exportFiles, log: domainLog };
