/**
 * The local stand-in for what triggers workers on AWS: loads every entry of the worker table
 * (functions/core/workers.ts) and calls its handler module with the event its trigger would
 * send. For an SNS trigger that is the SNS event Lambda receives: one record carrying the
 * published message.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, SNSEvent } from 'aws-lambda';
import { workerList, type WorkerId, type WorkerTopic } from '../../functions/core/workers';
import { lambdaContext } from './api-gateway';

type WorkerHandler = (event: SNSEvent, context: Context) => Promise<unknown>;

const handlersDir = path.resolve(import.meta.dirname, '../../functions/handlers');

export async function loadWorkers(): Promise<Map<WorkerId, WorkerHandler>> {
  const loaded = new Map<WorkerId, WorkerHandler>();
  for (const worker of workerList) {
    const mod = (await import(pathToFileURL(path.join(handlersDir, `${worker.handler}.ts`)).href)) as { handler?: WorkerHandler };
    if (typeof mod.handler !== 'function') throw new Error(`functions/handlers/${worker.handler}.ts exports no handler`);
    loaded.set(worker.id, mod.handler);
  }
  return loaded;
}

/** The event Lambda receives from SNS for one message published to `topic`. */
export function snsEvent(topic: WorkerTopic, message: string): SNSEvent {
  const topicArn = `arn:aws:sns:local:000000000000:${topic}`;
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: '',
          Message: message,
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** Publishes `message` to `topic`: every worker subscribed to it runs, as SNS would invoke each. */
export async function publishToTopic(handlers: Map<WorkerId, WorkerHandler>, topic: WorkerTopic, message: string) {
  const subscribed = workerList.filter((w) => w.trigger.kind === 'sns' && w.trigger.topic === topic);
  await Promise.all(subscribed.map((w) => handlers.get(w.id)!(snsEvent(topic, message), lambdaContext(w.id))));
}
