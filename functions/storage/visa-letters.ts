/**
 * The visa review's writes (core/orders/visa-review.ts VisaStore): the order over the version
 * read, with its office list rows, the audit entries and the letter issued (marking the one it
 * replaces), in one transaction; the order's letters from the documents store.
 */
import { summaryOf } from '#core/documents/model';
import type { VisaStore } from '#core/orders/visa-review';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact, type Items } from './claims';
import { documentPut, documentReplaced, documentStore } from './documents';
import { itemOf, orderStore } from './orders';
import { orderRowPage, orderRowWrites } from './order-rows';

export const visaStore: VisaStore = {
  get: (ownerId, id) => orderStore.get(ownerId, id),

  async write(order, base, change) {
    const letter = change.letter;
    const items: Items = [
      {
        Put: {
          TableName: env.tableName(),
          Item: itemOf(order),
          ConditionExpression: 'attribute_exists(pk) AND updated_at = :base',
          ExpressionAttributeValues: { ':base': base },
        },
      },
      ...orderRowWrites(order),
      ...change.audit.map(auditPut),
      ...(letter ? [documentPut(letter), ...(letter.replaces ? [documentReplaced(order.owner_id, letter.replaces, letter.id)] : [])] : []),
    ];
    const result = await transact(items);
    if (result === 'ok') return 'ok';
    // The order moved on, or another write replaced the same letter first: the caller reads again.
    if (result.includes('ConditionalCheckFailed') || result.includes('TransactionConflict')) return 'stale';
    throw new Error(`order ${order.id}: visa review not written: ${result.join(', ')}`);
  },

  async letters(order) {
    return (await documentStore.ofSubject(order.owner_id, { kind: 'order', id: order.id })).filter((d) => d.kind === 'visa-letter').map(summaryOf);
  },
};

/** The review queue: a page of the office's visa-review list, oldest first. */
export const visaQueuePage = async (cursor: string | undefined, limit: number) => {
  const page = await orderRowPage('visa-review', { cursor, limit, oldestFirst: true });
  return page === 'invalid-cursor' ? page : { rows: page.rows, next: page.next };
};
