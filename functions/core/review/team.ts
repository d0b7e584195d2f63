/**
 * The review team: reviewers (of one or more review categories) and the programme committee,
 * granted and revoked by an organiser in the office. The roles live on the account's profile
 * (read with every request, so a revoke holds from the next one), each with the id of its grant
 * (a committee pass of the second factor made under an earlier grant opens nothing), and on a
 * roster item the office and the assignment list. Every change is audited in its own write:
 * `review_role.granted`, `review_role.changed`, `review_role.revoked`.
 */
import type { ReviewRoles, User } from '../accounts/model';
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { abstractCategories } from '../data/abstract-options';
import { conflict, invalid } from '../errors';
import { text, type MessageId } from '../i18n/messages';

/** The review categories: the groups of the abstract form (decision 0051). */
export const reviewCategories: readonly { value: string; label: string }[] = abstractCategories.map((g) => ({
  value: g.value,
  label: g.label,
}));
export const reviewCategoryValues: readonly string[] = reviewCategories.map((c) => c.value);
export const reviewCategoryLabel = (value: string) =>
  reviewCategories.find((c) => c.value === value)?.label ?? value;
/** A review category as a term of the catalogs (the abstract form's group, `abstracts.category.<value>`), for a text's values. */
export const reviewCategoryTerm = (value: string) => text(`abstracts.category.${value}` as MessageId);
/** The review category of an abstract category ('registration.coding' is reviewed in 'registration'). */
export const reviewCategoryOf = (abstractCategory: string) =>
  abstractCategory.split('.')[0] ?? abstractCategory;

/** A member of the review team as the roster keeps them. */
export interface ReviewTeamMember {
  user_id: string;
  email: string;
  name: string;
  organization: string;
  reviewer: { categories: string[] } | null;
  committee: boolean;
  /** What the reviewer declared (conflicts the rules would not find): people and institutions. */
  declared?: { people: string[]; institutions: string[] };
  updated_at: string;
  updated_by: string;
}

export interface ReviewTeamStore {
  members(): Promise<ReviewTeamMember[]>;
  /**
   * Sets the account's roles (`undefined`: none) and its roster item, with the audit entry, in one
   * write conditioned on the roles the change was decided on: 'changed' when another write came
   * first, 'missing' when the account is gone.
   */
  setRoles(
    user: User,
    roles: ReviewRoles | undefined,
    member: ReviewTeamMember | undefined,
    audit: AuditEntry,
  ): Promise<'ok' | 'changed' | 'missing'>;
  /** Replaces what a member declared, with the audit entry: false when they are no longer on the team. */
  declare(userId: string, declared: { people: string[]; institutions: string[] }, audit: AuditEntry): Promise<boolean>;
}

export interface ReviewTeamDeps {
  team: ReviewTeamStore;
  findUserByEmail(email: string): Promise<User | undefined>;
  newId(): string;
}

export const reviewTeamMessages = {
  noAccount: (email: string) =>
    `No account uses ${email}: the person signs up on the site (and activates the account) first.`,
  notActivated: (email: string) =>
    `${email} has not activated the account yet: the activation link in the sign-up mail comes first.`,
  unknownCategory: 'Please choose review categories from the list.',
  changedMeanwhile:
    "This person's review roles were changed meanwhile. Reload the list to see them, then change them again.",
  unchanged: (email: string) => `${email} already has these review roles.`,
  /** The English of `reviewTeamTexts.saved`. */
  saved: (email: string, roles: ReviewRoles | undefined) => {
    if (!roles) return `${email} has no review role any more (refused from the next request).`;
    const parts = [
      roles.reviewer ? `reviews ${roles.reviewer.categories.map(reviewCategoryLabel).join('; ')}` : undefined,
      roles.committee ? 'is on the programme committee (with the second factor)' : undefined,
    ].filter(Boolean);
    return `${email} ${parts.join(' and ')}.`;
  },
} as const;

/** The messages with values by their catalog ids (review.json), in the reader's language; their English is `reviewTeamMessages`' word for word. */
export const reviewTeamTexts = {
  noAccount: (email: string) => text('api.review.teamNoAccount', { email }),
  notActivated: (email: string) => text('api.review.teamNotActivated', { email }),
  unchanged: (email: string) => text('api.review.teamUnchanged', { email }),
  saved: (email: string, roles: ReviewRoles | undefined) =>
    roles
      ? text('api.review.teamSaved', { email, reviewer: roles.reviewer ? 'yes' : 'no', categories: (roles.reviewer?.categories ?? []).map(reviewCategoryTerm), committee: roles.committee ? 'yes' : 'no' })
      : text('api.review.teamNoRole', { email }),
};

export interface ReviewRolesInput {
  email: string;
  reviewer_categories: string[];
  committee: boolean;
}

const sameRoles = (a: ReviewRoles | undefined, b: ReviewRoles | undefined) =>
  JSON.stringify(a?.reviewer?.categories ?? null) === JSON.stringify(b?.reviewer?.categories ?? null) &&
  Boolean(a?.committee) === Boolean(b?.committee);

const roleView = (roles: ReviewRoles | undefined) => ({
  reviewer_categories: roles?.reviewer?.categories ?? [],
  committee: Boolean(roles?.committee),
});

/** PUT /office/review_team: the account's review roles become what is given (nothing given: none). */
export async function setReviewRoles(deps: ReviewTeamDeps, actor: Actor, input: ReviewRolesInput, now: Date) {
  const categories = [...new Set(input.reviewer_categories)];
  if (categories.some((c) => !reviewCategoryValues.includes(c)))
    throw invalid(reviewTeamMessages.unknownCategory, {
      reviewer_categories: reviewTeamMessages.unknownCategory,
    });
  categories.sort((a, b) => reviewCategoryValues.indexOf(a) - reviewCategoryValues.indexOf(b));
  const email = input.email.trim().toLowerCase();
  const user = await deps.findUserByEmail(email);
  if (!user || user.deleted_at)
    throw invalid(reviewTeamTexts.noAccount(email), { email: reviewTeamTexts.noAccount(email) });
  if (user.status === 0)
    throw invalid(reviewTeamTexts.notActivated(user.email), {
      email: reviewTeamTexts.notActivated(user.email),
    });

  const before = user.review_roles;
  // A grant keeps its id while the role is held; a new grant gets a new one.
  const reviewer = categories.length
    ? { categories, grant: before?.reviewer?.grant ?? deps.newId() }
    : undefined;
  const committee = input.committee ? { grant: before?.committee?.grant ?? deps.newId() } : undefined;
  const after: ReviewRoles | undefined =
    reviewer || committee
      ? { ...(reviewer ? { reviewer } : {}), ...(committee ? { committee } : {}) }
      : undefined;
  if (sameRoles(before, after))
    return {
      message: reviewTeamTexts.unchanged(user.email),
      data: { user_id: user.id, ...roleView(after) },
    };

  const action =
    !before?.reviewer && !before?.committee
      ? 'review_role.granted'
      : after
        ? 'review_role.changed'
        : 'review_role.revoked';
  const member: ReviewTeamMember | undefined = after
    ? {
        user_id: user.id,
        email: user.email,
        name: [user.first_name, user.last_name].filter(Boolean).join(' '),
        organization: user.organization,
        reviewer: reviewer ? { categories } : null,
        committee: Boolean(committee),
        updated_at: now.toISOString(),
        updated_by: actor.email ?? actor.id,
      }
    : undefined;
  const audit = auditEntry({
    action,
    actor,
    at: now,
    object: { type: 'account', id: user.id },
    before: roleView(before),
    after: roleView(after),
  });
  const result = await deps.team.setRoles(user, after, member, audit);
  if (result === 'changed') throw conflict(reviewTeamMessages.changedMeanwhile);
  if (result === 'missing')
    throw invalid(reviewTeamTexts.noAccount(email), { email: reviewTeamTexts.noAccount(email) });
  return {
    message: reviewTeamTexts.saved(user.email, after),
    data: { user_id: user.id, ...roleView(after) },
  };
}

export const declarationMessages = {
  saved: 'Your conflicts of interest are saved: abstracts they concern leave your list at once, and are not assigned to you again.',
  notOnTeam: 'You are no longer a reviewer.',
  tooLong: 'Each line can have at most 200 characters, and at most 50 lines.',
} as const;

/** PUT /review/declarations: the people (e-mail or name) and institutions a reviewer declares a conflict with (one per line). */
export async function declareConflicts(deps: Pick<ReviewTeamDeps, 'team'>, actor: Actor, input: { people: string[]; institutions: string[] }, now: Date) {
  const clean = (lines: string[]) => [...new Set(lines.map((l) => l.trim()).filter(Boolean))];
  const declared = { people: clean(input.people), institutions: clean(input.institutions) };
  const audit = auditEntry({ action: 'review.conflicts_declared', actor, at: now, object: { type: 'account', id: actor.id }, after: declared });
  if (!(await deps.team.declare(actor.id, declared, audit))) throw invalid(declarationMessages.notOnTeam);
  return { message: declarationMessages.saved, data: declared };
}

/** GET /office/review_team: the reviewers and committee members, by e-mail, with the categories to choose from. */
export async function listReviewTeam(deps: Pick<ReviewTeamDeps, 'team'>) {
  const members = await deps.team.members();
  members.sort((a, b) => a.email.localeCompare(b.email));
  return {
    members: members.map((m) => ({
      user_id: m.user_id,
      email: m.email,
      name: m.name,
      organization: m.organization,
      reviewer_categories: m.reviewer?.categories ?? [],
      committee: m.committee,
      declared: m.declared ?? { people: [], institutions: [] },
      updated_at: m.updated_at,
      updated_by: m.updated_by,
    })),
    categories: reviewCategories,
  };
}
