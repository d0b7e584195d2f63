/**
 * Conflicts of interest between a reviewer and an abstract. A reviewer never meets an abstract
 * where one holds: not in a list, a count, a page, an export or a search (the review routes
 * answer "not found", as for an abstract that does not exist). One holds when the reviewer
 *   - is one of its authors (the submitting account, or an author's e-mail is theirs),
 *   - shares an author's e-mail domain (not a public mail domain: reviewSettings.publicMailDomains),
 *   - shares an author's institution (normalised, in English or Chinese where both are given),
 *   - co-authored another abstract of this congress with one of its authors,
 *   - declared a conflict with one of its authors (by e-mail or name) or with an institution.
 * The office may override a computed conflict with a reason (an audited decision): the reasons it
 * lifted then no longer hold for that reviewer and abstract; authorship is never lifted.
 */
import { reviewSettings } from '../config/review';

export type ConflictReason =
  'author' | 'email-domain' | 'institution' | 'co-author' | 'declared-person' | 'declared-institution';

export const conflictReasonText: Record<ConflictReason, string> = {
  author: 'is an author',
  'email-domain': "shares an author's e-mail domain",
  institution: "shares an author's institution",
  'co-author': 'co-authored another abstract with an author',
  'declared-person': 'declared a conflict with an author',
  'declared-institution': "declared a conflict with an author's institution",
};

export interface ReviewerParty {
  userId: string;
  email: string;
  /** The account's organisation. */
  organization: string;
  /** What the reviewer declared: people (e-mail or "First Last") and institutions. */
  declared?: { people?: readonly string[]; institutions?: readonly string[] };
}

export interface AuthorParty {
  email: string;
  first_name: string;
  last_name: string;
  institute: string;
}

export interface AbstractParties {
  id: string;
  owner_id: string;
  /** The submitting account's address (an author by account even when not listed). */
  owner_email?: string;
  authors: readonly AuthorParty[];
}

const email = (value: string) => value.trim().toLowerCase();
const domainOf = (address: string) => email(address).split('@')[1] ?? '';

/** Whether a domain is one many unrelated people share (a subdomain of one counts: vip.163.com). */
export function isPublicMailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return reviewSettings.publicMailDomains.some((p) => d === p || d.endsWith(`.${p}`));
}

const ABBREVIATIONS: Record<string, string> = {
  univ: 'university',
  uni: 'university',
  universitat: 'university',
  universite: 'university',
  universidad: 'university',
  universidade: 'university',
  universita: 'university',
  inst: 'institute',
  institut: 'institute',
  instituto: 'institute',
  istituto: 'institute',
  natl: 'national',
  nat: 'national',
  dept: 'department',
  dep: 'department',
  hosp: 'hospital',
  ctr: 'center',
  cntr: 'center',
  centre: 'center',
  centro: 'center',
  zentrum: 'center',
  coll: 'college',
  acad: 'academy',
  sch: 'school',
  med: 'medical',
  sci: 'sciences',
  science: 'sciences',
  res: 'research',
  intl: 'international',
  assoc: 'association',
  '&': 'and',
};
const DROPPED = new Set(['the', 'of', 'and', 'for', 'de', 'di', 'du', 'der', 'la', 'le']);

/** Words that make a part of an affiliation an institution (not a department, a city or a country). */
const INSTITUTION_WORDS =
  /\b(university|institute|hospital|center|college|academy|school|agency|registry|ministry|foundation|organization|council|clinic|commission|bureau|laboratory|society|association|cdc)\b|大学|医院|中心|研究所|研究院|学院|科学院|疾病预防控制|卫生|委员会|登记处|学会|协会/;

/** Chinese characters (the CJK Unified Ideographs): a part written in Chinese. */
const HAN = /\p{Script=Han}/u;

function normaliseLatin(part: string): string {
  const plain = part
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .trim();
  return plain
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .filter((w) => w && !DROPPED.has(w))
    .join(' ');
}

function normaliseHan(part: string): string {
  // Full-width forms, spaces and punctuation go; the characters stay as written.
  return part.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The institutions an affiliation names, normalised: "Dept. of Epidemiology, Peking Univ. (北京大学),
 * Beijing" names "peking university" and "北京大学". A part counts when it has an institution word
 * (so a department or a city alone never makes a conflict); an affiliation with no such part is
 * taken whole.
 */
export function institutionKeys(affiliation: string): string[] {
  const text = affiliation.normalize('NFKC');
  const parts = text
    .split(/[,;/|()（）[\]【】，；、\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const keys = new Set<string>();
  for (const part of parts) {
    const key = HAN.test(part) ? normaliseHan(part) : normaliseLatin(part);
    if (key && INSTITUTION_WORDS.test(key)) keys.add(key);
  }
  if (keys.size === 0) {
    const whole = HAN.test(text) ? normaliseHan(text) : normaliseLatin(text);
    if (whole) keys.add(whole);
  }
  return [...keys];
}

const personKey = (first: string, last: string) => normaliseLatin(`${first} ${last}`);

/**
 * Who co-authored with whom across the congress's abstracts: for each author address, the other
 * addresses it shares an abstract with. Built once per assignment run or review request.
 */
export type CoauthorIndex = ReadonlyMap<string, ReadonlySet<string>>;

export function coauthorIndex(abstracts: readonly AbstractParties[]): CoauthorIndex {
  const index = new Map<string, Set<string>>();
  for (const a of abstracts) {
    const addresses = [
      ...new Set([...a.authors.map((p) => email(p.email)), ...(a.owner_email ? [email(a.owner_email)] : [])]),
    ];
    for (const address of addresses) {
      const others = index.get(address) ?? new Set<string>();
      for (const other of addresses) if (other !== address) others.add(other);
      index.set(address, others);
    }
  }
  return index;
}

/** Every reason a conflict holds between this reviewer and this abstract (empty: none). */
export function conflictsOf(
  reviewer: ReviewerParty,
  abstract: AbstractParties,
  coauthors: CoauthorIndex,
): ConflictReason[] {
  const reasons = new Set<ConflictReason>();
  const mine = email(reviewer.email);
  const addresses = abstract.authors.map((a) => email(a.email));
  if (
    abstract.owner_id === reviewer.userId ||
    (abstract.owner_email && email(abstract.owner_email) === mine) ||
    addresses.includes(mine)
  )
    reasons.add('author');

  const myDomain = domainOf(mine);
  if (myDomain && !isPublicMailDomain(myDomain) && addresses.some((a) => domainOf(a) === myDomain))
    reasons.add('email-domain');

  const myInstitutions = new Set(institutionKeys(reviewer.organization));
  const theirInstitutions = new Set(abstract.authors.flatMap((a) => institutionKeys(a.institute)));
  if ([...myInstitutions].some((k) => theirInstitutions.has(k))) reasons.add('institution');

  const mine_coauthors = coauthors.get(mine);
  if (mine_coauthors && addresses.some((a) => a !== mine && mine_coauthors.has(a))) reasons.add('co-author');

  const declaredPeople = new Set(
    (reviewer.declared?.people ?? []).map((p) => (p.includes('@') ? email(p) : normaliseLatin(p))),
  );
  if (
    abstract.authors.some(
      (a) => declaredPeople.has(email(a.email)) || declaredPeople.has(personKey(a.first_name, a.last_name)),
    )
  )
    reasons.add('declared-person');

  const declaredInstitutions = new Set((reviewer.declared?.institutions ?? []).flatMap(institutionKeys));
  if ([...declaredInstitutions].some((k) => theirInstitutions.has(k))) reasons.add('declared-institution');

  return [...reasons];
}

/**
 * The office's override of a computed conflict between one reviewer and one abstract (decision
 * 0057): it lifts the reasons that held when the office decided, with a reason of its own. A
 * reason that appears later (the reviewer declares a conflict, changes institution) is not lifted,
 * and authorship never is: an author never reviews their own abstract.
 */
export interface ConflictOverride {
  reviewer_id: string;
  abstract_id: string;
  /** The computed reasons the office lifted (never 'author'). */
  lifted: readonly ConflictReason[];
  reason: string;
}

/** Whether a conflict holds after the office's override (absent or withdrawn: none). */
export function conflictHolds(
  reasons: readonly ConflictReason[],
  override: Pick<ConflictOverride, 'lifted'> | undefined,
): boolean {
  return reasons.some((r) => r === 'author' || !override?.lifted.includes(r));
}
