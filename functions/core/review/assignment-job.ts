/**
 * The assignment runs off the request path, as an office job (core/office/jobs.ts): at 2,000
 * abstracts and 60 reviewers it reads, computes and writes for longer than a request may last
 * (`npm run bench -- --only=review`: 35 s locally, against the functions' 10 s). The committee asks
 * for it, the worker runs `runAssignment` (one run at a time: its lease) and keeps what it did on
 * the job; the committee's page reads the latest runs.
 *
 *   queued ─▶ running ─▶ done (what it added, which abstracts stay short)
 */
import { auditEntry, type Actor } from '../audit/audit';
import { AppError, conflict } from '../errors';
import type { JobDeps, JobStore, OfficeJob } from '../office/jobs';
import { isJobId, jobIdOf, jobView, underWay } from '../office/jobs';
import { reviewMessages } from './reviewing';

/** What a run did, as its job keeps it (the first abstracts that stay short, and how many). */
export interface AssignmentOutcome {
  added: number;
  short: { abstract_id: string; category: string; assigned: number; missing: number }[];
  short_count: number;
  abstracts: number;
  reviewers: number;
  message: string;
}
/** How many short abstracts a run's job lists (the rest are counted). */
export const SHORT_LISTED = 1000;

export const assignmentJobMessages = {
  queued: 'The assignment is running in the background. It is listed below when it is done; reviewers see their abstracts at once.',
} as const;

/** POST /review/assignments/run: records the run (audited `review.assignment_requested`) and queues it; one at a time. */
export async function requestAssignment(deps: JobDeps, actor: Actor, now: Date) {
  const busy = (await deps.jobs.recent(5, 'assign')).find((j) => underWay(j, now));
  if (busy) throw conflict(reviewMessages.runBusy, { job: busy.id });
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'assign',
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(job, auditEntry({ action: 'review.assignment_requested', actor, at: now, object: { type: 'assignment', id: job.id } }));
  await deps.queue.send({ job: job.id });
  return { message: assignmentJobMessages.queued, data: { job: jobView(job) } };
}

/**
 * GET /review/assignments?job=: the latest runs, newest first, each with what it did; and the run
 * `job` (the one the committee member asked for, which the page follows until it is done).
 */
export async function listAssignmentRuns(deps: { jobs: JobStore }, jobId?: string) {
  const asked = jobId && isJobId(jobId) ? await deps.jobs.get(jobId) : undefined;
  return { items: (await deps.jobs.recent(10, 'assign')).map(jobView), job: asked?.kind === 'assign' ? jobView(asked) : null };
}

/** The worker's part: the run, then the job done with what it did. */
export async function runAssignmentJob(
  deps: { jobs: JobStore; run(actor: Actor, now: Date): Promise<{ message: string; data: Omit<AssignmentOutcome, 'short_count' | 'message'> }> },
  job: OfficeJob,
  now: () => Date,
) {
  const actor: Actor = { kind: 'organiser', id: job.requested_by.id, ...(job.requested_by.email ? { email: job.requested_by.email } : {}) };
  let done;
  try {
    done = await deps.run(actor, now());
  } catch (error) {
    // Another run holds the lease (two asked at once): this one ends, saying so; the other assigns.
    if (error instanceof AppError && error.message === reviewMessages.runBusy) {
      await deps.jobs.update(job.id, { state: 'failed', finished_at: now().toISOString(), error: reviewMessages.runBusy }, ['running']);
      return;
    }
    throw error;
  }
  const assignment: AssignmentOutcome = { ...done.data, short: done.data.short.slice(0, SHORT_LISTED), short_count: done.data.short.length, message: done.message };
  await deps.jobs.update(job.id, { state: 'done', finished_at: now().toISOString(), assignment }, ['running']);
}
