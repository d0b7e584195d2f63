/**
 * The worker on the FIFO money-events queue (followMoneyEvents, core/workers.ts), as synthesized:
 * its event source mapping reports partial batch failures, has no batching window (Lambda refuses
 * one for a FIFO queue) and takes at most 10 messages a batch; its dead-letter queue is the FIFO
 * queue's.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedStage, synthStage } from './synth';
import { withNested } from './nested';

let api: Template;
let prod: ReturnType<typeof synthStage>;
beforeAll(() => {
  prod = synthStage('production', { production: deployedStage });
  api = withNested(prod.api);
}, 120_000);

const idOfQueue = (name: string) => Object.entries(api.findResources('AWS::SQS::Queue')).find(([, q]) => q.Properties.QueueName === name)?.[0];

describe('a worker on a FIFO queue', () => {
  it('is wired by a mapping with ReportBatchItemFailures, no batching window and a batch of at most 10', () => {
    const queueId = idOfQueue('congress-production-money-events.fifo')!;
    const mappings = Object.values(api.findResources('AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties.EventSourceArn).includes(queueId));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(mapping).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(mapping.MaximumBatchingWindowInSeconds).toBeUndefined();
    // The queue stays where it was before the worker came (same logical id).
    expect(queueId).toMatch(/^MoneyEventsQueue/);
  });

  it('has the queue timeout of the table, no asynchronous dead-letter queue, and its alarms on the FIFO dead-letter queue', () => {
    const fn = Object.values(api.findResources('AWS::Lambda::Function', { Properties: { FunctionName: 'congress-production-followMoneyEvents' } }))[0]!;
    expect(fn.Properties.Timeout).toBe(60);
    expect(fn.Properties.DeadLetterConfig).toBeUndefined();
    expect(prod.api.workers.find((w) => w.id === 'followMoneyEvents')).toMatchObject({ deadLetterQueueName: 'congress-production-money-events-failed.fifo' });
    expect(prod.api.unconsumedQueues).toEqual([]);
    const alarms = Object.values(Template.fromStack(prod.monitoring).findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties.AlarmName as string);
    expect(alarms).toEqual(expect.arrayContaining(['congress-production-Errors-followMoneyEvents', 'congress-production-DeadLetters-followMoneyEvents']));
  });
});
