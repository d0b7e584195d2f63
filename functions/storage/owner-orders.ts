/**
 * The order list's read (GET /registration): everything of a delegate's orders lives in the
 * delegate's own partition (USER#owner: ORDER#, LEDGER#order#, DOC#, DOCONCE#, REGISTRATION), so
 * ONE consistent Query reads it all (more pages only past 1 MB, which no delegate's five orders
 * reach). Nothing is written: a document the ledger calls for and that is not there yet is shown
 * as being issued (the money-events worker issues it).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OwnerOrdersView } from '#core/orders/read-orders';
import type { Subject } from '#core/payments/model';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { toDocument } from './documents';
import { keys } from './keys';
import { byKind } from './ledger';
import { toOrder } from './orders';
import { toRegistration } from './registrations';

export async function ownerOrdersView(ownerId: string): Promise<OwnerOrdersView> {
  const issued = new Map<string, string>();
  const view: OwnerOrdersView = { orders: [], money: new Map(), documents: [], issued, registration: undefined };
  const ledgerItems = new Map<string, Record<string, unknown>[]>();
  const orderLedger = keys.ledgerKindPrefix('order');
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(ownerId).pk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of r.Items ?? []) {
      const sk = item.sk as string;
      if (sk.startsWith(keys.orderPrefix)) view.orders.push(toOrder(item));
      else if (sk.startsWith(orderLedger)) {
        const id = (item.subject as Subject).id;
        ledgerItems.set(id, [...(ledgerItems.get(id) ?? []), item]);
      } else if (sk.startsWith(keys.documentPrefix)) view.documents.push(toDocument(item));
      else if (sk.startsWith(keys.documentOncePrefix)) issued.set(sk.slice(keys.documentOncePrefix.length), item.document_id as string);
      else if (sk === keys.registration(ownerId).sk) view.registration = toRegistration(item);
    }
    start = r.LastEvaluatedKey;
  } while (start);
  for (const [id, items] of ledgerItems) view.money.set(id, byKind(items));
  return view;
}
