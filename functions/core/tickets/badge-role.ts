/**
 * The role band a badge prints (issue 34): who a person is at the congress, so that the desk, the
 * session chairs and the hall staff see it from afar. One rule, in this order:
 *
 * - an accompanying person (person 1..n of an order) is always `accompanying`, whatever the
 *   delegate's roles: the roles belong to the account, not to its guests;
 * - the delegate whose account has the registration office's role is `organiser`;
 * - else the one on the programme committee (review roles) is `committee`;
 * - else a delegate presenting an accepted abstract placed in the PUBLISHED programme (a talk or a
 *   board; the presenter known by e-mail, as the programme knows presenters) is `speaker`;
 * - else `delegate`.
 *
 * Organiser before committee before speaker (decision 0071): the band says what the person is asked about on
 * site; an organiser who also presents is still the one to ask. Pure: the caller reads the
 * account and the programme.
 */
import type { User } from '../accounts/model';
import { acceptedAs, placementsOf, presentersOf, type ProgrammeAbstract, type PublishedProgramme } from '../programme/model';
import type { Ticket } from '../checkin/tickets';

export const badgeRoles = ['delegate', 'speaker', 'committee', 'organiser', 'accompanying'] as const;
export type BadgeRole = (typeof badgeRoles)[number];

/** What the rule reads of the order's account. */
export type RoleAccount = Pick<User, 'role' | 'review_roles'>;

/**
 * The e-mail addresses (lower case) of the presenters of the accepted abstracts the published
 * programme places (talks and boards); empty before a publication.
 */
export function speakerKeys(programme: Pick<PublishedProgramme, 'sessions'> | undefined, abstracts: readonly ProgrammeAbstract[]): Set<string> {
  if (!programme) return new Set();
  const placed = new Set(placementsOf(programme.sessions).map((p) => p.abstract_id));
  const keys = new Set<string>();
  for (const a of abstracts) {
    if (!placed.has(a.id) || !acceptedAs(a)) continue;
    for (const p of presentersOf(a)) keys.add(p.key);
  }
  return keys;
}

/** Whether one of the person's addresses (the account's, the order's) is a speaker's. */
export const presents = (speakers: ReadonlySet<string>, emails: readonly (string | null | undefined)[]) =>
  emails.some((e) => typeof e === 'string' && speakers.has(e.trim().toLowerCase()));

export function badgeRole(ticket: Pick<Ticket, 'role'>, account: RoleAccount | undefined, isSpeaker: boolean): BadgeRole {
  if (ticket.role === 'accompanying') return 'accompanying';
  if (account?.role === 'organiser') return 'organiser';
  if (account?.review_roles?.committee) return 'committee';
  if (isSpeaker) return 'speaker';
  return 'delegate';
}
