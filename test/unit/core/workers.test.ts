/**
 * The worker table's queues (functions/core/workers.ts): the names SQS will take for each stage
 * (a FIFO queue and its dead-letter queue end in `.fifo`, 80 characters at most), the money-events
 * queue as issue 30 wants it, and at most one worker per queue.
 */
import { describe, expect, it } from 'vitest';
import { deadLetterQueueNameOf, isFifoQueue, queueNameOf, queues, queueUrlVariables, schedules, visibilityTimeoutOf, workerList, workerOfQueue, type WorkerQueue } from '#core/workers';

const all = Object.keys(queues) as WorkerQueue[];
// SQS's rules for a name (CreateQueue): a standard queue's, and a FIFO queue's with its suffix.
const standardName = /^[\w-]{1,80}$/;
const fifoName = /^[\w-]{1,75}\.fifo$/;

describe('the queues of the worker table', () => {
  it('names a FIFO queue and its dead-letter queue with the .fifo suffix, a standard queue without', () => {
    expect(queueNameOf('production', 'money-events')).toBe('congress-production-money-events.fifo');
    expect(deadLetterQueueNameOf('production', 'money-events')).toBe('congress-production-money-events-failed.fifo');
    expect(queueNameOf('production', 'office-jobs')).toBe('congress-production-office-jobs');
    expect(deadLetterQueueNameOf('production', 'office-jobs')).toBe('congress-production-office-jobs-failed');
    for (const stage of ['local', 'development', 'staging', 'production']) {
      for (const queue of all) {
        const rule = isFifoQueue(queue) ? fifoName : standardName;
        expect(queueNameOf(stage, queue)).toMatch(rule);
        expect(deadLetterQueueNameOf(stage, queue)).toMatch(rule);
      }
    }
  });

  it('has the money-events FIFO queue: 60 s worker timeout, visibility six times it, five deliveries before its dead-letter queue', () => {
    expect(isFifoQueue('money-events')).toBe(true);
    expect(isFifoQueue('office-jobs')).toBe(false);
    expect(queues['money-events']).toMatchObject({ fifo: true, timeoutS: 60, maxReceiveCount: 5 });
    expect(visibilityTimeoutOf('money-events')).toBe(360);
  });

  it('gives every queue at most one worker, an environment variable for its URL, and schedules only standard queues', () => {
    for (const queue of all) expect(workerList.filter((w) => w.trigger.kind === 'sqs' && w.trigger.queue === queue).length).toBeLessThanOrEqual(1);
    expect(workerOfQueue('office-jobs')?.id).toBe('runOfficeJob');
    expect(new Set(Object.values(queueUrlVariables)).size).toBe(all.length);
    for (const schedule of Object.values(schedules)) expect(isFifoQueue(schedule.queue)).toBe(false);
  });
});
