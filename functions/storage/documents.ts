/**
 * STAND-IN until the lead's documents foundation lands on main (same names and shapes as
 * announced): issued documents under USER#owner / DOC#id. A document is put once (in the
 * transaction of what causes it) and only its rendered_at and replaced_by are ever set.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentStore } from '#core/documents/ports';
import type { IssuedDocument } from '#core/documents/model';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';

function toDocument(item: Record<string, unknown>): IssuedDocument {
  const { pk: _pk, sk: _sk, entity: _e, ...doc } = item;
  return doc as unknown as IssuedDocument;
}

export function documentPut(doc: IssuedDocument): Items[number] {
  return {
    Put: {
      TableName: env.tableName(),
      Item: { ...keys.document(doc.owner_id, doc.id), entity: 'document', ...doc },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function documentReplaced(ownerId: string, oldId: string, newId: string): Items[number] {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.document(ownerId, oldId),
      UpdateExpression: 'SET replaced_by = :new',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(replaced_by) OR replaced_by = :null)',
      ExpressionAttributeValues: { ':new': newId, ':null': null },
    },
  };
}

async function ofOwner(ownerId: string): Promise<IssuedDocument[]> {
  const out: IssuedDocument[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
        ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':doc': keys.documentPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(r.Items ?? []).map(toDocument));
    start = r.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => b.issued_at.localeCompare(a.issued_at) || b.id.localeCompare(a.id));
}

export const documentStore: DocumentStore = {
  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.document(ownerId, id), ConsistentRead: true }));
    return r.Item ? toDocument(r.Item) : undefined;
  },
  ofOwner,
  async ofSubject(ownerId, subject) {
    return (await ofOwner(ownerId)).filter((d) => d.subject.kind === subject.kind && d.subject.id === subject.id);
  },
  async markRendered(ownerId, id, at) {
    await documentClient().send(
      new UpdateCommand({ TableName: env.tableName(), Key: keys.document(ownerId, id), UpdateExpression: 'SET rendered_at = :at', ExpressionAttributeValues: { ':at': at.toISOString() } }),
    );
  },
};
