/**
 * "My presentations" (issue 33, decision 0067): each of the delegate's accepted abstracts with
 * its type and number, its place in the latest PUBLISHED programme (a talk's own time and room,
 * or a poster's board and poster session; never the committee's draft), the upload deadline of
 * its slides or poster, and whether a file presenting it is uploaded. Pure: the account's
 * abstracts, its poster and slide files and the public view come in; the clock decides only
 * whether uploads are still open.
 */
import type { StoredAbstract } from '../abstracts/ports';
import { reviewPhases } from '../config/conference';
import type { StoredFile } from '../uploads/ports';
import { isBefore } from '../time';
import { acceptedAs, compareNumbers, type PresentationType } from './model';
import type { PublicProgramme, PublicSession } from './public-programme';

/** Where the abstract is in the published programme. */
export interface PresentationPlace {
  session_id: string;
  session_title: string;
  session_title_zh?: string;
  room: { name: string; name_zh?: string } | null;
  /** A talk's own time; a poster's is its poster session's. */
  starts_at: string;
  ends_at: string;
  /** A poster's board. */
  board?: number;
}

export interface MyPresentation {
  abstract_id: string;
  type: PresentationType;
  number: string;
  title: string;
  /** null: no programme is published yet, or the latest publication does not place it. */
  place: PresentationPlace | null;
  upload: {
    /** The last instant a file is taken (the presentations' upload deadline). */
    deadline: string;
    open: boolean;
    /** A file presenting it is stored (or, from before decisions named abstracts, a file of its type). */
    uploaded: boolean;
    /** The upload page of its type (the web's path). */
    path: '/oral/upload' | '/poster/upload';
  };
}

export interface MyPresentations {
  /** The latest publication, or null before the first. */
  published: { number: number; published_at: string } | null;
  items: MyPresentation[];
}

export const uploadPaths = { oral: '/oral/upload', poster: '/poster/upload' } as const;

/** Where each abstract is in a published view: talks by their own time, posters by their board. */
export function placesIn(view: Pick<PublicProgramme, 'sessions'>): Map<string, PresentationPlace> {
  const places = new Map<string, PresentationPlace>();
  const session = (s: PublicSession) => ({
    session_id: s.id,
    session_title: s.title,
    ...(s.title_zh ? { session_title_zh: s.title_zh } : {}),
    room: s.room ? { name: s.room.name, ...(s.room.name_zh ? { name_zh: s.room.name_zh } : {}) } : null,
  });
  for (const s of view.sessions) {
    for (const t of s.talks) if (!places.has(t.abstract_id)) places.set(t.abstract_id, { ...session(s), starts_at: t.starts_at, ends_at: t.ends_at });
    for (const p of s.posters) if (!places.has(p.abstract_id)) places.set(p.abstract_id, { ...session(s), starts_at: s.starts_at, ends_at: s.ends_at, board: p.board });
  }
  return places;
}

/**
 * Whether a file of `type` presents the abstract: one that names it, or one that names none (uploaded
 * before decisions tied files to abstracts: it stands for each of the owner's abstracts of its type).
 */
export const hasUpload = (files: readonly Pick<StoredFile, 'presentation_of'>[], abstractId: string) =>
  files.some((f) => f.presentation_of === abstractId || !f.presentation_of);

export function myPresentations(
  input: {
    abstracts: readonly Pick<StoredAbstract, 'id' | 'title_of_abstract' | 'review_outcome' | 'presentation'>[];
    files: Record<PresentationType, readonly Pick<StoredFile, 'presentation_of'>[]>;
    view: Pick<PublicProgramme, 'number' | 'published_at' | 'sessions'> | undefined;
  },
  now: Date,
): MyPresentations {
  const places = input.view ? placesIn(input.view) : new Map<string, PresentationPlace>();
  const deadline = reviewPhases.presentationUploadsUntil;
  const items = input.abstracts
    .flatMap((a) => {
      const accepted = acceptedAs(a);
      if (!accepted) return [];
      const item: MyPresentation = {
        abstract_id: a.id,
        type: accepted.type,
        number: accepted.number,
        title: a.title_of_abstract,
        place: places.get(a.id) ?? null,
        upload: { deadline, open: isBefore(now, deadline), uploaded: hasUpload(input.files[accepted.type], a.id), path: uploadPaths[accepted.type] },
      };
      return [item];
    })
    // Orals first, then by number (O-001, O-002, P-001).
    .sort((x, y) => (x.type === y.type ? compareNumbers(x.number, y.number) : x.type === 'oral' ? -1 : 1));
  return { published: input.view ? { number: input.view.number, published_at: input.view.published_at } : null, items };
}

/** What "My presentations" reads: the account's abstracts and files, and the public view (one item). */
export interface MyPresentationsDeps {
  abstracts(ownerId: string): Promise<StoredAbstract[]>;
  files(ownerId: string, type: PresentationType): Promise<Pick<StoredFile, 'presentation_of'>[]>;
  publicView(): Promise<PublicProgramme | undefined>;
}

/** GET /programme/my-presentations: the signed-in delegate's accepted abstracts and where they are. */
export async function readMyPresentations(deps: MyPresentationsDeps, ownerId: string, now: Date): Promise<MyPresentations> {
  const [abstracts, oral, poster, view] = await Promise.all([deps.abstracts(ownerId), deps.files(ownerId, 'oral'), deps.files(ownerId, 'poster'), deps.publicView()]);
  return myPresentations({ abstracts, files: { oral, poster }, view }, now);
}
