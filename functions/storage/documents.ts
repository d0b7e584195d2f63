/**
 * TEMPORARY stand-in (visa branch) for the lead's documents storage, with the names announced for
 * main (documentPut, documentReplaced, documentStore); replaced by main's file at the merge.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentStore } from '#core/documents/ports';
import type { IssuedDocument } from '#core/documents/model';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';

const key = (ownerId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `DOC#${id}` });
const toDoc = (item: Record<string, unknown>) => {
  const { pk: _p, sk: _s, entity: _e, ...doc } = item;
  return doc as unknown as IssuedDocument;
};

export function documentPut(doc: IssuedDocument): Items[number] {
  return { Put: { TableName: env.tableName(), Item: { ...key(doc.owner_id, doc.id), entity: 'document', ...doc }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

export function documentReplaced(ownerId: string, oldId: string, newId: string): Items[number] {
  return {
    Update: {
      TableName: env.tableName(),
      Key: key(ownerId, oldId),
      UpdateExpression: 'SET replaced_by = :n',
      ConditionExpression: 'attribute_exists(pk) AND replaced_by = :none',
      ExpressionAttributeValues: { ':n': newId, ':none': null },
    },
  };
}

async function all(ownerId: string) {
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':p': 'DOC#' },
      ConsistentRead: true,
    }),
  );
  return (r.Items ?? []).map(toDoc).sort((a, b) => b.issued_at.localeCompare(a.issued_at));
}

export const documentStore: DocumentStore = {
  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: key(ownerId, id), ConsistentRead: true }));
    return r.Item ? toDoc(r.Item) : undefined;
  },
  ofOwner: all,
  async ofSubject(ownerId, subject) {
    return (await all(ownerId)).filter((d) => d.subject.kind === subject.kind && d.subject.id === subject.id);
  },
  async markRendered(ownerId, id, at) {
    await documentClient().send(new UpdateCommand({ TableName: env.tableName(), Key: key(ownerId, id), UpdateExpression: 'SET rendered_at = :at', ExpressionAttributeValues: { ':at': at } }));
  },
};
