/**
 * The full published programme Lighthouse measures /program on (issue 33: "Lighthouse mobile >= 98
 * with the full programme of 150 talks and 400 posters"), made in the bench's throw-away portal as
 * the real system gets it:
 *
 * - the accepted abstracts, from the abstract book's generator (test/support/abstract-book.ts,
 *   `publishable`: names in Chinese, pinyin, Latin-extended and Arabic letters, 250-300 words),
 *   written straight into the table with the abstracts' own item builder (storage/abstracts.ts
 *   `itemOf`), each as the publication of the decisions leaves it (`review_outcome` and
 *   `presentation`, storage/review-publication.ts); their submitters' accounts are not made (the
 *   programme never reads them);
 * - the rooms and sessions through the committee's use cases (core/programme/edit-programme.ts,
 *   each body parsed by the route's schema), one change at a time over the draft's version;
 * - the publication through core/programme/publish-programme.ts with the real storage: the public
 *   view's item and every placed abstract's page are what production would hold. The presenters'
 *   mails of a publication are not requested (the wiring without the office's jobs).
 *
 * Runs in the bench's process, where the portal's functions run (the storage reaches its DynamoDB).
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { StoredAbstract } from '../functions/core/abstracts/ports';
import { abstractSchema } from '../functions/core/abstracts/schemas';
import type { Actor } from '../functions/core/audit/audit';
import { sampleBook } from '../test/support/abstract-book';
import { validAbstract } from '../test/support/bodies';

/** The programme of the issue: 150 talks, 400 posters. */
export const FULL_PROGRAMME = { orals: 150, posters: 400 } as const;

export interface PublishedProgrammeFigures {
  talks: number;
  posters: number;
  sessions: number;
  abstracts: number;
  /** The placed abstract whose page is measured: the oral with the most authors in the first session. */
  abstractId: string;
  number: number;
  seconds: { seed: number; draft: number; publish: number };
  /** GET /programme as the portal answers it: the body's bytes, and compressed here as CloudFront would (`encoding`: what the local gateway applied itself, if anything). */
  response: { status: number; raw: number; gzip: number; brotli: number; encoding: string | null };
}

/** Seeds the accepted abstracts, builds the draft as the committee would and publishes it; then reads GET /programme once. */
export async function publishFullProgramme(portal: { origin: string }, at: Date): Promise<PublishedProgrammeFigures> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient } = await import('../functions/lib/aws/clients');
  const { env } = await import('../functions/lib/env');
  const { itemOf } = await import('../functions/storage/abstracts');
  const { programmeDeps } = await import('../functions/wiring/programme');
  const { createRoom, createSession } = await import('../functions/core/programme/edit-programme');
  const { publishProgramme } = await import('../functions/core/programme/publish-programme');
  const { roomBody, sessionBody } = await import('../functions/core/programme/schemas');

  const book = sampleBook({ ...FULL_PROGRAMME, publishable: true });
  // Ids as the portal gives them; a submitter owns one to three abstracts.
  const idOf = new Map(book.abstracts.map((a) => [a.id, randomUUID()]));
  const owners = Array.from({ length: Math.ceil(book.abstracts.length / 2) }, () => randomUUID());
  const base = abstractSchema.parse(validAbstract());
  const decided = '2024-06-25T02:00:00.000Z';
  const stored: StoredAbstract[] = book.abstracts.map((a, i) => {
    const outcome = a.review_outcome!;
    const type = outcome.outcome as 'oral' | 'poster';
    const created = new Date(Date.parse('2024-04-01T02:00:00Z') + i * 3_600_000).toISOString();
    const first = a.authors[0]!;
    return {
      ...base,
      authors: a.authors,
      presenter_abstract: a.presenter_abstract,
      presenter_infos: a.presenter_infos,
      title_of_abstract: a.title_of_abstract,
      abstract_category: a.abstract_category,
      keywords: a.keywords,
      abstract_body: a.abstract_body,
      submitter_name: `${first.first_name} ${first.last_name}`,
      submitter_date: created.slice(0, 10),
      id: idOf.get(a.id)!,
      owner_id: owners[(i * 7) % owners.length]!,
      created_at: created,
      updated_at: created,
      review_outcome: { outcome: type, number: outcome.number!, published_at: decided },
      presentation: { type, accepted_at: decided, number: outcome.number! },
    };
  });

  const seedStarted = performance.now();
  const items = stored.map(itemOf);
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = { [env.tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (request && Object.keys(request).length > 0) request = (await documentClient().send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems as typeof request;
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // The committee's changes, as its editor sends them (the route's schema parses each body).
  const actor: Actor = { kind: 'committee', id: randomUUID(), email: 'programme.committee@example.org' };
  const draftStarted = performance.now();
  let version = (await programmeDeps.store.draft()).version;
  const roomIds = new Map<string, string>();
  for (const room of book.programme.rooms) {
    const { id, ...fields } = room;
    const r = await createRoom(programmeDeps, actor, roomBody.parse({ ...fields, version }), at);
    version = r.data.programme.version;
    roomIds.set(id, r.data.programme.rooms.at(-1)!.id);
  }
  for (const s of book.programme.sessions) {
    const { id: _id, ...fields } = s;
    const body = sessionBody.parse({
      ...fields,
      room_id: s.room_id && roomIds.get(s.room_id),
      talks: s.talks.map((t) => ({ ...t, abstract_id: idOf.get(t.abstract_id)! })),
      boards: s.boards.map((b) => ({ ...b, abstract_id: idOf.get(b.abstract_id)! })),
      version,
    });
    const r = await createSession(programmeDeps, actor, body, at);
    version = r.data.programme.version;
  }
  const draftSeconds = (performance.now() - draftStarted) / 1000;

  const publishStarted = performance.now();
  const published = await publishProgramme(programmeDeps, actor, { version }, at);
  const publishSeconds = (performance.now() - publishStarted) / 1000;

  const firstOral = book.programme.sessions.find((s) => s.type === 'oral')!;
  const authorsOf = new Map(book.abstracts.map((a) => [a.id, a.authors.length]));
  const measured = firstOral.talks.reduce((best, t) => (authorsOf.get(t.abstract_id)! > authorsOf.get(best.abstract_id)! ? t : best));

  // node's fetch asks for gzip and decodes it: the body is the JSON itself either way.
  const r = await fetch(`${portal.origin}/api/v1/admin/programme`);
  const body = Buffer.from(await r.arrayBuffer());
  return {
    talks: book.programme.sessions.reduce((n, s) => n + s.talks.length, 0),
    posters: book.programme.sessions.reduce((n, s) => n + s.boards.length, 0),
    sessions: book.programme.sessions.length,
    abstracts: stored.length,
    abstractId: idOf.get(measured.abstract_id)!,
    number: published.data.number,
    seconds: { seed: seedSeconds, draft: draftSeconds, publish: publishSeconds },
    response: {
      status: r.status,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 6 }).length,
      brotli: zlib.brotliCompressSync(body).length,
      encoding: r.headers.get('content-encoding'),
    },
  };
}
