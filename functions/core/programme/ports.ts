/**
 * What the programme's use cases need from outside (issue 33, decision 0064): the store of the
 * draft and the published versions, and the abstracts and accounts they read. Storage implements
 * them (functions/storage/programme.ts); the use cases never see DynamoDB.
 */
import type { AuditEntry } from '../audit/audit';
import type { Text } from '../i18n/messages';
import type { PublishedAbstract } from './abstract-pages';
import type { BookAbstract } from './abstract-book';
import type { CalendarSequences } from './calendar';
import type { Programme, PublishedProgramme } from './model';
import type { PresenterMailJobDeps } from './presenter-mails';
import type { PublicProgramme } from './public-programme';
import type { PlacementChange, ProgrammeDiff, SessionChange } from './versions';

/** A publication's difference from the one before as it is kept: ids and changes, its lines, whom to mail (not the sessions themselves). */
export interface StoredDiff {
  sessions: { added: string[]; removed: string[]; changed: { id: string; changes: SessionChange[] }[] };
  placements: { abstract_id: string; changes: PlacementChange[] }[];
  /** The abstracts whose presenters are mailed (core/programme/presenter-mails.ts, decision 0067). */
  mail: string[];
  lines: Text[];
}

export const storedDiff = (d: ProgrammeDiff): StoredDiff => ({
  sessions: {
    added: d.sessions.added.map((s) => s.id),
    removed: d.sessions.removed.map((s) => s.id),
    changed: d.sessions.changed.map((c) => ({ id: c.after.id, changes: c.changes })),
  },
  placements: d.placements.map((p) => ({ abstract_id: p.abstract_id, changes: p.changes })),
  mail: d.mail,
  lines: d.lines,
});

/** A published version with what changed since the one before. */
export interface PublishedVersion extends PublishedProgramme {
  diff: StoredDiff;
  /** Its calendar events' sequences (calendar.ts, decision 0065); absent on a version published before them. */
  calendar?: CalendarSequences;
}

/** A published version in the committee's list. */
export interface PublishedSummary {
  number: number;
  published_at: string;
  published_by: string;
  /** The draft's version it copied. */
  version: number;
  sessions: number;
  changes: number;
}

/** What a publication does to the abstracts' own pages (abstract-pages.ts): the placed ones' texts, and the ones that left. */
export interface AbstractPages {
  put: PublishedAbstract[];
  remove: string[];
}

export interface ProgrammeStore {
  /** The committee's draft (empty at version 0 before the first change). */
  draft(): Promise<Programme>;
  /** Saves the draft over the version read, with its audit entry; false when the draft is at another version by now. */
  saveDraft(next: Programme, readVersion: number, audit: AuditEntry): Promise<boolean>;
  /** The latest published version, if any. */
  latest(): Promise<PublishedVersion | undefined>;
  version(number: number): Promise<PublishedVersion | undefined>;
  /** Every published version, newest first. */
  versions(): Promise<PublishedSummary[]>;
  /**
   * Stores a new published version and makes its public view the latest, in one write with the
   * audit entry, only while the draft is still at `published.version` and no version of that
   * number exists; false otherwise (an edit or another publication came first). The abstracts'
   * pages are written, and the ones that left removed, after that write (abstract-pages.ts).
   */
  publish(published: PublishedVersion, view: PublicProgramme, audit: AuditEntry, pages: AbstractPages): Promise<boolean>;
  /** The latest published version as the public reads it: one item. */
  publicView(): Promise<PublicProgramme | undefined>;
  /** The latest publication's number and time, if any (one key read, not its content). */
  publishedStatus(): Promise<{ number: number; published_at: string } | undefined>;
  /** A placed abstract's page, if the published programme holds it. */
  publishedAbstract(abstractId: string): Promise<PublishedAbstract | undefined>;
}

export interface ProgrammeSources {
  /** Every abstract of the portal (the checks need every accepted one, and every one placed), with its text (the abstracts' pages). */
  abstracts(): Promise<BookAbstract[]>;
  /** A chair's name from their account (undefined when the account is gone). */
  accountName(accountId: string): Promise<string | undefined>;
}

export interface ProgrammeDeps {
  store: ProgrammeStore;
  sources: ProgrammeSources;
  newId: () => string;
  /** The office's jobs, for the presenters' mails of a publication (none: nobody is mailed). */
  presenterMails?: PresenterMailJobDeps;
  /** What CloudFront keeps of the public reads, dropped after a publication (none: nothing is kept). */
  edge?: EdgeCache;
}

/**
 * The edge's copies of the public programme (decision 0069): dropped when a publication or the
 * book changes them. `reference` names the change, so a retried request is one invalidation. A
 * failure is the wiring's to log: the routes' max-age still bounds how long a copy lives.
 */
export interface EdgeCache {
  invalidate(paths: string[], reference: string): Promise<void>;
}
