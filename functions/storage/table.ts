/**
 * The single DynamoDB table, described once. The CDK data stack and the local runtime both build
 * the table from this description, so the keys, indexes and TTL attribute cannot drift apart.
 *
 * Keys are generic (pk/sk, gsi1pk/gsi1sk, ...); entities build them in keys.ts. Indexes are named
 * after the access pattern they serve.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds. DynamoDB deletes expired items late (and DynamoDB Local never does), so
   *  every read of an expiring item also checks this attribute. */
  ttlAttribute: 'expires_at',
  indexes: [
    /** Everything a delegate owns that is not under their own partition (e.g. sessions). */
    { name: 'byOwner', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Look-ups by a public reference (order checksum, abstract number, upload key). */
    { name: 'byReference', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /**
     * The office's lists, paged in order without reading the table: an item's place in one list
     * (e.g. every account by sign-up time, abstracts of a category by submission time).
     */
    { name: 'byList', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];
