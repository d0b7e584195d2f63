/**
 * Issued documents (core/documents/model.ts): USER#owner / DOC#<id> in the owner's partition, put
 * once (`documentPut`, one item of the transaction that issues it) and afterwards only marked
 * (rendered, replaced). Their PDFs are under documents/ of the uploads bucket, outside the
 * delegate's users/ prefix: a deleted account's receipts stay.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentFiles, DocumentStore } from '#core/documents/ports';
import type { DocumentSubject, IssuedDocument } from '#core/documents/model';
import { documentClient, loadS3 } from '#lib/aws/clients';
import { env } from '#lib/env';
import { attachment } from './objects';
import type { Items } from './claims';
import { keys } from './keys';

export function toDocument(item: Record<string, unknown>): IssuedDocument {
  const { pk: _pk, sk: _sk, entity: _e, ...doc } = item;
  return doc as unknown as IssuedDocument;
}

/** The transaction item that stores a new document (never over an existing one). */
export function documentPut(doc: IssuedDocument): Items[number] {
  return {
    Put: {
      TableName: env.tableName(),
      Item: { ...keys.document(doc.owner_id, doc.id), entity: 'document', ...doc },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The transaction item that marks `oldId` as replaced by `newId` (only once). */
export function documentReplaced(ownerId: string, oldId: string, newId: string): Items[number] {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.document(ownerId, oldId),
      UpdateExpression: 'SET replaced_by = :new',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(replaced_by) OR replaced_by = :none)',
      ExpressionAttributeValues: { ':new': newId, ':none': null },
    },
  };
}

const newestFirst = (a: IssuedDocument, b: IssuedDocument) => b.issued_at.localeCompare(a.issued_at) || b.id.localeCompare(a.id);

export const documentStore: DocumentStore = {
  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.document(ownerId, id), ConsistentRead: true }));
    return r.Item ? toDocument(r.Item) : undefined;
  },
  async ofOwner(ownerId) {
    const docs: IssuedDocument[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const r = await documentClient().send(
        new QueryCommand({
          TableName: env.tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.document(ownerId, '').pk, ':prefix': keys.documentPrefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of r.Items ?? []) docs.push(toDocument(item));
      start = r.LastEvaluatedKey;
    } while (start);
    return docs.sort(newestFirst);
  },
  async ofSubject(ownerId, subject: DocumentSubject) {
    return (await documentStore.ofOwner(ownerId)).filter((d) => d.subject.kind === subject.kind && d.subject.id === subject.id);
  },
  async markRendered(ownerId, id, at) {
    await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.document(ownerId, id),
        UpdateExpression: 'SET rendered_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  },
};

export const DOCUMENT_LINK_SECONDS = 300;

export const documentFiles: DocumentFiles = {
  async put(key, bytes, fileName) {
    if (!key.startsWith('documents/')) throw new Error(`A document is stored under documents/, not ${key}`);
    const { PutObjectCommand, s3ClientInternal } = await loadS3();
    await s3ClientInternal().send(
      new PutObjectCommand({ Bucket: env.uploadsBucket(), Key: key, Body: bytes, ContentType: 'application/pdf', ContentDisposition: attachment(fileName) }),
    );
  },
  async link(key, fileName) {
    const { GetObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    const command = new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, ResponseContentDisposition: attachment(fileName), ResponseContentType: 'application/pdf' });
    return getSignedUrl(s3ClientForPresign(), command, { expiresIn: DOCUMENT_LINK_SECONDS });
  },
};
