/**
 * Numbered documents (receipts and credit notes): one gap-free sequence per congress
 * (SEQUENCE#<name>, its `n` the last number used). Issuing is ONE transaction: the sequence
 * moves from the value read to the next (condition: still the value read), a once-marker
 * (USER#owner / DOCONCE#<what it is for>) is put only if absent, the document and its audit
 * entry are put (and a replaced document marked). So a number is consumed exactly when a
 * document is stored; a parallel issue that read the same value loses the condition and retries
 * with the next one; a second issue for the same payment or refund finds the marker and stores
 * nothing.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentNumbering } from '#core/documents/order-documents';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact, type Items } from './claims';
import { documentPut, documentReplaced } from './documents';
import { keys } from './keys';

/** Enough for each of many parallel issues to get its turn (every round, one of them wins). */
const MAX_ROUNDS = 200;

/**
 * The last number used. Read with a Query of the one key (consistent), not GetItem: every route
 * that confirms money or completes a refund has dynamodb:Query, so issuing needs no read grant more.
 */
async function lastNumber(sequence: string): Promise<number> {
  const key = keys.sequence(sequence);
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': key.pk, ':sk': key.sk },
      ConsistentRead: true,
    }),
  );
  return (r.Items?.[0]?.n as number | undefined) ?? 0;
}

function claimNumber(sequence: string, last: number): Items[number] {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.sequence(sequence),
      UpdateExpression: 'SET #n = :next',
      ConditionExpression: last === 0 ? 'attribute_not_exists(#n)' : '#n = :last',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':next': last + 1, ...(last === 0 ? {} : { ':last': last }) },
    },
  };
}

/** The numbering over one sequence (the congress's: `documentSequence`). */
export function documentNumbering(sequence: string): DocumentNumbering {
  return {
    async issue(request) {
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        const last = await lastNumber(sequence);
        const doc = request.build(last + 1);
        const result = await transact([
          claimNumber(sequence, last),
          {
            Put: {
              TableName: env.tableName(),
              Item: { ...keys.documentOnce(doc.owner_id, request.once), entity: 'document-once', document_id: doc.id, number: doc.number, at: doc.issued_at },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          documentPut(doc),
          auditPut(request.audit(doc)),
          ...(request.replaces ? [documentReplaced(request.replaces.owner_id, request.replaces.id, doc.id)] : []),
        ]);
        if (result === 'ok') return doc;
        // Issued already (a redelivered event, a second path), or the old document was replaced already.
        if (result[1] === 'ConditionalCheckFailed' || result[4] === 'ConditionalCheckFailed') return 'exists';
        if (result[0] !== 'ConditionalCheckFailed' && !result.includes('TransactionConflict'))
          throw new Error(`document ${request.once} not issued: ${result.join(', ')}`);
        // Another issue took this number first: read the sequence again.
        await new Promise((r) => setTimeout(r, Math.random() * 10 * Math.min(round, 10)));
      }
      throw new Error(`document ${request.once} not issued: the sequence ${sequence} stayed contended`);
    },

    async issuedFor(ownerId) {
      const out = new Map<string, string>();
      let start: Record<string, unknown> | undefined;
      do {
        const r = await documentClient().send(
          new QueryCommand({
            TableName: env.tableName(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :once)',
            ExpressionAttributeValues: { ':pk': keys.documentOnce(ownerId, '').pk, ':once': keys.documentOncePrefix },
            ProjectionExpression: 'sk, document_id',
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of r.Items ?? []) out.set((item.sk as string).slice(keys.documentOncePrefix.length), item.document_id as string);
        start = r.LastEvaluatedKey;
      } while (start);
      return out;
    },
  };
}
