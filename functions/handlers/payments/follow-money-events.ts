import * as z from 'zod/mini';
import { followMoneyEvent } from '#core/payments/money-events';
import { env } from '#lib/env';
import { defineSqsWorker } from '#lib/worker-handler';
import { followMoneyDeps } from '#wiring/payment-notify';

/** A message of the money-events queue: the event it names (core/payments/money-events.ts). */
const refSchema = z.object({ owner_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)), id: z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,128}$/)) });

let deps: ReturnType<typeof followMoneyDeps> | undefined;

/**
 * The money events, in the order of their message group (FIFO): each is followed once (documents,
 * then its mail); one that throws comes again, with the rest of its batch behind it.
 */
export const handler = defineSqsWorker(
  'followMoneyEvents',
  async (message, at) => {
    const ref = refSchema.safeParse(JSON.parse(message.text));
    if (!ref.success) throw new Error('not a money event reference');
    await followMoneyEvent((deps ??= followMoneyDeps(env.siteOrigin())), ref.data, at);
  },
  { inOrder: true },
);
