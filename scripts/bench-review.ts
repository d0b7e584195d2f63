/**
 * Bench 10: the abstract review with 2,000 submitted abstracts, 60 reviewers and a committee
 * member, against a throw-away local portal (its functions run in this process).
 *
 * The seed is written straight into the table (BatchWrite, 25 items a request) with the storage
 * layer's own item builders: the accounts (one password hash for all), each submitter's abstracts
 * with their place counter, the reviewers' and the committee member's review roles on their
 * profile and their roster items, as the office's grant writes them. The abstracts spread over the
 * review categories that exist (the abstract form's groups: five, where issue 31 said six), with
 * authors from two dozen institutions, written as people write them (English, abbreviated, Chinese
 * and English), so every kind of conflict of interest occurs: a reviewer who submitted abstracts,
 * one who co-authored, a shared institution or mail domain, declared people and institutions.
 *
 * Then through the HTTP API, as the committee member (logged in, past the second factor) and a
 * reviewer would: the assignment (POST /review/assignments/run, timed, and run again: it must add
 * nothing), its invariants read back from the table (each abstract has its reviewers where its
 * pool allows, the load spread per category, no conflicted pair: conflicts recomputed with
 * core/review/conflicts.ts), the reviews written straight into the table as a submission stores
 * them (reviewStore.save and the summary's scores), the reviewer's queue page and the committee's
 * ranking page (p50/p99 and the items DynamoDB read per request, beside the rows shown), and every
 * abstract decided through PUT /review/committee/decisions/{id} within the slots (throughput).
 * The publication of the decisions (off the request path) is not measured yet: see
 * `ReviewFigures.publication`.
 *
 * Items read: a middleware on the functions' document client (scripts/bench-dynamo-meter.ts),
 * read around each request (one at a time); its round trips are checked against the local
 * gateway's `x-local-dynamodb-round-trips`, so another request's reads never pass unnoticed.
 */
import type { OfficeJob } from '../functions/core/office/jobs';
import { randomUUID } from 'node:crypto';
import { API_BASE, fillPath, routes, type RouteDef } from '../functions/core/routes';
import type { StoredAbstract } from '../functions/core/abstracts/ports';
import type { User } from '../functions/core/accounts/model';
import { abstractCategories } from '../functions/core/data/abstract-options';
import { reviewSettings } from '../functions/core/config/review';
import { coauthorIndex, conflictsOf, type AbstractParties, type ConflictReason, type ReviewerParty } from '../functions/core/review/conflicts';
import { assignReviewers } from '../functions/core/review/assignment';
import { quotaOf, scoresOf, type Outcome } from '../functions/core/review/deciding';
import type { StoredReview } from '../functions/core/review/reviewing';
import { weightedScore } from '../functions/core/review/scoring';
import { reviewCategories, reviewCategoryOf, type ReviewTeamMember } from '../functions/core/review/team';
import { abstractSchema } from '../functions/core/abstracts/schemas';
import { validAbstract } from '../test/support/bodies';
import { totpCode } from '../test/support/office';

interface Portal {
  origin: string;
  dynamo: string;
  apiTraffic: { byRoute?: Map<string, { ms: number; dynamodb: number }[]> };
}

const PASSWORD = 'bench review password 2024';
/** Abstracts were submitted in April and May 2024; the review runs 17 May to 14 June. */
const REVIEWING = '2024-05-20T02:00:00Z';
const DECIDING = '2024-06-20T02:00:00Z';

/** A small seeded generator: the same seed, the same congress. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  const weighted = <T>(xs: readonly (readonly [T, number])[]) => {
    let r = next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs.at(-1)![0];
  };
  return { next, int, pick, weighted };
}

/** Institutions, each as people write it (the ways the conflict rules must see as one), its mail domain, city and country, and how often its people submit. */
const INSTITUTIONS: { names: string[]; domain: string; city: string; country: string; weight: number }[] = [
  { names: ['National Cancer Center, Beijing', 'Natl. Cancer Ctr. (国家癌症中心), Beijing', '国家癌症中心'], domain: 'ncc-china.example.org', city: 'Beijing', country: 'China', weight: 10 },
  { names: ['Peking University Cancer Hospital', 'Peking Univ. Cancer Hosp. (北京大学肿瘤医院)'], domain: 'pkucc.example.org', city: 'Beijing', country: 'China', weight: 6 },
  { names: ['Fudan University Shanghai Cancer Center', '复旦大学附属肿瘤医院 (Fudan University Shanghai Cancer Center)'], domain: 'fudan-cc.example.org', city: 'Shanghai', country: 'China', weight: 6 },
  { names: ['Sun Yat-sen University Cancer Center', 'Sun Yat-sen Univ. Cancer Ctr., Guangzhou'], domain: 'sysucc.example.org', city: 'Guangzhou', country: 'China', weight: 5 },
  { names: ['Chinese Academy of Medical Sciences', 'Chinese Acad. of Med. Sci. (中国医学科学院)'], domain: 'cams.example.org', city: 'Beijing', country: 'China', weight: 4 },
  { names: ['Zhejiang Cancer Hospital', '浙江省肿瘤医院'], domain: 'zjcc.example.org', city: 'Hangzhou', country: 'China', weight: 3 },
  { names: ['Henan Cancer Hospital', 'Henan Cancer Hosp., Zhengzhou'], domain: 'hncc.example.org', city: 'Zhengzhou', country: 'China', weight: 3 },
  { names: ['Sichuan Cancer Hospital', 'Sichuan Cancer Hosp. & Inst.'], domain: 'sccc.example.org', city: 'Chengdu', country: 'China', weight: 2 },
  { names: ['International Agency for Research on Cancer', 'Intl. Agency for Research on Cancer, Lyon'], domain: 'iarc.example.org', city: 'Lyon', country: 'France', weight: 4 },
  { names: ['Cancer Registry of Norway', 'Cancer Registry of Norway, Oslo'], domain: 'kreftregisteret.example.org', city: 'Oslo', country: 'Norway', weight: 2 },
  { names: ['Karolinska Institutet', 'Karolinska Inst., Stockholm'], domain: 'ki.example.org', city: 'Stockholm', country: 'Sweden', weight: 2 },
  { names: ['University of Oxford', 'Univ. of Oxford, Nuffield Dept. of Population Health'], domain: 'ox.example.org', city: 'Oxford', country: 'United Kingdom', weight: 2 },
  { names: ['London School of Hygiene and Tropical Medicine'], domain: 'lshtm.example.org', city: 'London', country: 'United Kingdom', weight: 1 },
  { names: ['German Cancer Research Center (DKFZ), Heidelberg', 'Deutsches Krebsforschungszentrum; German Cancer Research Center'], domain: 'dkfz.example.org', city: 'Heidelberg', country: 'Germany', weight: 2 },
  { names: ['Centers for Disease Control and Prevention', 'CDC, Atlanta'], domain: 'cdc.example.org', city: 'Atlanta', country: 'United States', weight: 2 },
  { names: ['National Cancer Institute, Bethesda', 'Natl. Cancer Inst. (NCI)'], domain: 'nci.example.org', city: 'Bethesda', country: 'United States', weight: 2 },
  { names: ['National Cancer Center Japan', 'Natl. Cancer Ctr. Japan, Tokyo'], domain: 'ncc-japan.example.org', city: 'Tokyo', country: 'Japan', weight: 2 },
  { names: ['Seoul National University', 'Seoul Natl. Univ. College of Medicine'], domain: 'snu.example.org', city: 'Seoul', country: 'Korea', weight: 2 },
  { names: ['Tata Memorial Centre', 'Tata Memorial Ctr., Mumbai'], domain: 'tmc.example.org', city: 'Mumbai', country: 'India', weight: 2 },
  { names: ['University of Cape Town', 'Univ. of Cape Town'], domain: 'uct.example.org', city: 'Cape Town', country: 'South Africa', weight: 1 },
  { names: ['Instituto Nacional de Cancerología', 'Inst. Nacional de Cancerologia, Bogotá'], domain: 'inc.example.org', city: 'Bogotá', country: 'Colombia', weight: 1 },
  { names: ['Cancer Council Victoria', 'Cancer Council Victoria, Melbourne'], domain: 'cancervic.example.org', city: 'Melbourne', country: 'Australia', weight: 1 },
  { names: ['Aga Khan University', 'Aga Khan Univ., Karachi'], domain: 'aku.example.org', city: 'Karachi', country: 'Pakistan', weight: 1 },
  { names: ['Shandong Center for Disease Control and Prevention', '山东省疾病预防控制中心'], domain: 'sdcdc.example.org', city: 'Jinan', country: 'China', weight: 2 },
];
const PUBLIC_DOMAINS = ['qq.com', '163.com', '126.com', 'gmail.com', 'outlook.com'];
const FIRST = ['Wei', 'Fang', 'Min', 'Jun', 'Lei', 'Yan', 'Xiaoming', 'Hui', 'Anna', 'Pierre', 'María', 'Kenji', 'Olga', 'Sipho', 'Priya', 'Ji-woo', 'Lars', 'Amina', 'Tom', 'Ingrid'];
const LAST = ['Zhang', 'Wang', 'Li', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu', 'Müller', "O'Brien", 'García', 'Dupont', 'Tanaka', 'Ivanova', 'Ndlovu', 'Sharma', 'Kim', 'Larsen'];
const TOPICS = ['LIVER CANCER', 'LUNG CANCER', 'GASTRIC CANCER', 'CERVICAL CANCER', 'BREAST CANCER', 'OESOPHAGEAL CANCER', 'COLORECTAL CANCER', 'CHILDHOOD LEUKAEMIA', 'NASOPHARYNGEAL CARCINOMA', 'THYROID CANCER'];
const ASPECTS = ['INCIDENCE TRENDS', 'SURVIVAL', 'DATA QUALITY', 'STAGE AT DIAGNOSIS', 'SCREENING UPTAKE', 'RISK FACTORS', 'LINKAGE OF REGISTRIES', 'COSTS OF CARE'];
const PLACES = ['IN CHINA', 'IN RURAL HENAN', 'IN SHANGHAI', 'IN NORWAY', 'IN SUB-SAHARAN AFRICA', 'IN INDIA', 'IN THE NORDIC COUNTRIES', 'IN LATIN AMERICA', 'IN KOREA AND JAPAN'];
const BODY = [
  'Background: population-based registries cover a growing share of the population, yet their completeness varies.',
  'Methods: we used data from 106 registries for 2000-2019, age-standardised to the Segi world population, with joinpoint regression.',
  'Results: incidence fell by 2.1% a year in men and 1.4% in women; five-year survival rose from 12% to 19%.',
  'Conclusions: the registries show what prevention and early detection achieved, and where they did not reach.',
];
/** Shares of the abstracts by review category (the abstract form's groups). */
const CATEGORY_SHARES: Record<string, number> = { registration: 0.26, descriptive: 0.3, aetiology: 0.14, control: 0.2, topics: 0.1 };

interface Person {
  first_name: string;
  last_name: string;
  email: string;
  institute: string;
  city: string;
  country: string;
  institution: number;
}

export interface BenchReviewer {
  user: User;
  member: ReviewTeamMember;
  /** How they came to be a reviewer with conflicts: submitted abstracts, co-authored, or neither. */
  kind: 'submitter' | 'co-author' | 'other';
}

/**
 * The congress: `abstracts` abstracts by `submitters` accounts (up to five each), with 2-6 authors
 * each from a pool of people; `reviewers` reviewers (a primary category by the share of
 * abstracts, every third a second one; ten are submitters, six co-authors, five declare
 * conflicts) and one committee member.
 */
export function congress(options: { abstracts: number; reviewers: number; submitters: number; passwordHash: string; seed?: number }) {
  const rnd = random(options.seed ?? 31);
  const institution = () => rnd.weighted(INSTITUTIONS.map((inst, i) => [i, inst.weight] as const));
  const person = (n: number, inst = institution()): Person => {
    const at = INSTITUTIONS[inst]!;
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const local = `${first}.${last}.${n}`.normalize('NFKD').replace(/[^\w.]/g, '').toLowerCase();
    return {
      first_name: first,
      last_name: last,
      // Two in five use a public mailbox (no conflict by its domain), the others their institution's.
      email: `${local}@${rnd.next() < 0.4 ? rnd.pick(PUBLIC_DOMAINS) : at.domain}`,
      institute: rnd.pick(at.names),
      city: at.city,
      country: at.country,
      institution: inst,
    };
  };
  const people = Array.from({ length: Math.round(options.submitters * 2.5) }, (_, n) => person(n));
  const created = new Date('2024-04-01T02:00:00Z').getTime();
  const account = (p: Person, n: number): User => ({
    id: randomUUID(),
    email: p.email,
    password_hash: options.passwordHash,
    status: 2,
    first_name: p.first_name,
    last_name: p.last_name,
    organization: p.institute,
    country: p.country,
    created_at: new Date(created + n * 60_000).toISOString(),
    updated_at: new Date(created + n * 60_000).toISOString(),
    activated_at: new Date(created + n * 60_000).toISOString(),
  }) as User;
  const owners = people.slice(0, options.submitters).map((p, n) => ({ person: p, user: account(p, n) }));

  const categories = Object.keys(CATEGORY_SHARES);
  const children = (group: string) => abstractCategories.find((g) => g.value === group)!.children.map((c) => c.value);
  const base = abstractSchema.parse(validAbstract());
  const colleagues = new Map<number, Person[]>();
  for (const p of people) colleagues.set(p.institution, [...(colleagues.get(p.institution) ?? []), p]);
  const abstracts: StoredAbstract[] = [];
  const perOwner = new Map<string, number>();
  for (let i = 0; i < options.abstracts; i++) {
    let owner = owners[(i * 7) % owners.length]!;
    while ((perOwner.get(owner.user.id) ?? 0) >= 5) owner = owners[rnd.int(owners.length)]!;
    perOwner.set(owner.user.id, (perOwner.get(owner.user.id) ?? 0) + 1);
    const group = rnd.weighted(categories.map((c) => [c, CATEGORY_SHARES[c]!] as const));
    // The submitter first; co-authors mostly from the same institution, some from elsewhere.
    const same = colleagues.get(owner.person.institution) ?? [];
    const coauthors = Array.from({ length: 1 + rnd.int(5) }, () => (rnd.next() < 0.6 && same.length > 1 ? rnd.pick(same) : rnd.pick(people))).filter((p, k, all) => p.email !== owner.person.email && all.findIndex((q) => q.email === p.email) === k);
    const at = new Date(created + 86_400_000 * (i / options.abstracts) * 45);
    const { institution: _i, ...first } = owner.person;
    abstracts.push({
      ...base,
      authors: [first, ...coauthors.map(({ institution: _j, ...p }) => p)],
      title_of_abstract: `${rnd.pick(ASPECTS)} OF ${rnd.pick(TOPICS)} ${rnd.pick(PLACES)}, ${2000 + rnd.int(10)}-${2015 + rnd.int(8)} (${i + 1})`,
      abstract_category: rnd.pick(children(group)),
      keywords: `${rnd.pick(TOPICS).toLowerCase()}; registry; ${rnd.pick(ASPECTS).toLowerCase()}`,
      abstract_body: BODY.join(' '),
      submitter_name: `${owner.person.first_name} ${owner.person.last_name}`,
      submitter_date: at.toISOString().slice(0, 10),
      id: randomUUID(),
      owner_id: owner.user.id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
  }

  // Reviewers: a primary category in proportion to its abstracts, every third a second category.
  const primary: string[] = [];
  for (const c of categories) for (let k = 0; k < Math.round(CATEGORY_SHARES[c]! * options.reviewers); k++) primary.push(c);
  while (primary.length < options.reviewers) primary.push(categories[primary.length % categories.length]!);
  primary.length = options.reviewers;
  const coauthorsOnly = [...new Set(abstracts.flatMap((a) => a.authors.slice(1).map((p) => p.email)))].filter((e) => !owners.some((o) => o.person.email === e));
  const reviewers: BenchReviewer[] = primary.map((category, k) => {
    const second = k % 3 === 2 ? categories[(categories.indexOf(category) + 1 + (k % 4)) % categories.length]! : undefined;
    const chosen = [category, ...(second && second !== category ? [second] : [])].sort((a, b) => categories.indexOf(a) - categories.indexOf(b));
    let user: User;
    let kind: BenchReviewer['kind'] = 'other';
    if (k < 10) {
      // Submitted abstracts of their own (an author by account).
      user = owners[(k * 37) % owners.length]!.user;
      kind = 'submitter';
    } else if (k < 16) {
      // An author of others' abstracts (by e-mail), with an account of their own.
      const email = coauthorsOnly[(k * 53) % coauthorsOnly.length]!;
      const p = people.find((q) => q.email === email)!;
      user = account(p, options.submitters + k);
      kind = 'co-author';
    } else {
      user = account(person(100_000 + k), options.submitters + k);
    }
    const grant = randomUUID();
    user = { ...user, review_roles: { reviewer: { categories: chosen, grant } }, review_roles_v: 1 };
    const declared =
      k >= 16 && k < 21
        ? k % 2 === 0
          ? { people: [`${abstracts[k * 11]!.authors[0]!.first_name} ${abstracts[k * 11]!.authors[0]!.last_name}`], institutions: [] }
          : { people: [], institutions: [rnd.pick(INSTITUTIONS[rnd.int(INSTITUTIONS.length)]!.names)] }
        : undefined;
    const member: ReviewTeamMember = {
      user_id: user.id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`,
      organization: user.organization,
      reviewer: { categories: chosen },
      committee: false,
      ...(declared ? { declared } : {}),
      updated_at: '2024-05-15T02:00:00.000Z',
      updated_by: 'bench',
    };
    return { user, member, kind };
  });
  const chairUser: User = { ...account(person(200_000, 8), options.submitters + options.reviewers), review_roles: { committee: { grant: randomUUID() } }, review_roles_v: 1 };
  const chair: ReviewTeamMember = {
    user_id: chairUser.id,
    email: chairUser.email,
    name: `${chairUser.first_name} ${chairUser.last_name}`,
    organization: chairUser.organization,
    reviewer: null,
    committee: true,
    updated_at: '2024-05-15T02:00:00.000Z',
    updated_by: 'bench',
  };
  return { owners: owners.map((o) => o.user), abstracts, reviewers, chair: { user: chairUser, member: chair }, perOwner, rnd };
}

type Congress = ReturnType<typeof congress>;

/** Puts items in batches of 25, a few batches at a time, until DynamoDB has taken every one. */
async function putAll(items: Record<string, unknown>[], parallel = 4) {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient } = await import('../functions/lib/aws/clients');
  const { env } = await import('../functions/lib/env');
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [env.tableName()]: batches[next++]!.map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length > 0) {
        const r = await documentClient().send(new BatchWriteCommand({ RequestItems: request }));
        request = r.UnprocessedItems as typeof request;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** The congress's items as the product's writes store them. */
async function seed(c: Congress) {
  const { newAccountItems } = await import('../functions/storage/users');
  const { itemOf: abstractItem } = await import('../functions/storage/abstracts');
  const { keys } = await import('../functions/storage/keys');
  const users = new Map<string, User>();
  for (const u of c.owners) users.set(u.id, u);
  // A reviewer who submitted is the submitter's own account, with the roles on it.
  for (const r of c.reviewers) users.set(r.user.id, r.user);
  users.set(c.chair.user.id, c.chair.user);
  const items: Record<string, unknown>[] = [];
  for (const u of users.values()) items.push(...newAccountItems(u));
  for (const a of c.abstracts) items.push(abstractItem(a));
  for (const [owner, n] of c.perOwner) items.push({ ...keys.counter(owner, 'abstracts'), n });
  for (const m of [...c.reviewers.map((r) => r.member), c.chair.member]) items.push({ ...keys.reviewTeamMember(m.user_id), entity: 'review-team-member', ...m });
  const started = performance.now();
  await putAll(items);
  return { items: items.length, accounts: users.size, seconds: (performance.now() - started) / 1000 };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]! : NaN;
};
const spread = (xs: number[]) => ({ median: quantile(xs, 0.5), min: Math.min(...xs), max: Math.max(...xs) });

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

interface Answer<T> {
  status: number;
  message: string;
  data: T;
  ms: number;
  /** The local gateway's count for the request. */
  roundTrips: number;
  /** What the meter counted meanwhile (the same round trips when nothing else ran). */
  metered: { items: number; calls: number };
}

function client(portal: Portal, meter: { items: number; calls: number }) {
  const ip = '10.31.0.1';
  return async <T>(route: RouteDef, options: { token?: string; body?: unknown; params?: Record<string, string>; query?: Record<string, string>; at?: string } = {}): Promise<Answer<T>> => {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    meter.items = 0;
    meter.calls = 0;
    const started = performance.now();
    const r = await fetch(`${portal.origin.replace('localhost', '127.0.0.1')}${API_BASE}${fillPath(route.path, options.params)}${query}`, {
      method: route.method,
      headers: {
        'x-local-client-ip': ip,
        ...(options.at ? { 'x-app-now': options.at } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await r.json()) as { message: string; data: T };
    const ms = performance.now() - started;
    return { status: r.status, message: envelope.message, data: envelope.data, ms, roundTrips: Number(r.headers.get('x-local-dynamodb-round-trips') ?? NaN), metered: { ...meter } };
  };
}

export interface PageFigure {
  name: string;
  runs: number;
  p50: number;
  p99: number;
  items: { median: number; min: number; max: number };
  roundTrips: { median: number; min: number; max: number };
  rows: { median: number; min: number; max: number };
  /** Requests whose metered round trips differed from the gateway's (another request's reads mixed in). */
  unattributed: number;
}

export interface ReviewFigures {
  abstracts: number;
  categories: { value: string; label: string; abstracts: number; reviewers: number }[];
  reviewers: number;
  seed: { items: number; accounts: number; seconds: number };
  conflicts: { pairs: number; ofPairs: number; byReason: Partial<Record<ConflictReason, number>>; abstractsWithFewerThanN: number };
  /** The assignment's algorithm alone (core/review/assignment.ts with every conflict rule), in this process. */
  core: { ms: number; checks: number; added: number };
  assignment: {
    /** Until the gateway answered. */
    ms: number;
    /** Until the function's last DynamoDB call (giving the lease back), however it answered. */
    endMs: number;
    status: number;
    message: string;
    /** As answered; on a timeout, what its transactions wrote. */
    added: number;
    short: number | null;
    /** The whole run's, to its end. */
    roundTrips: number;
    itemsRead: number;
    /** When each part ran (ms from the request), from its DynamoDB calls. */
    phases: {
      reading: { from: number; to: number; calls: number };
      assignments: { from: number; to: number; calls: number; beforeAnswer: number };
      summaries: { from: number; to: number; calls: number };
    };
  }[];
  invariants: {
    assignments: number;
    /** Abstracts with fewer (or more) active reviewers than min(N, its eligible pool). */
    wrongCount: number;
    /** Per category: the loads (max - min) over its pool. */
    load: { category: string; min: number; max: number; reviewers: number }[];
    conflicted: number;
    outsideCategory: number;
  };
  reviewsWritten: { reviews: number; submitted: number; seconds: number };
  pages: PageFigure[];
  pageSize: number;
  queue: { reviewer: string; rows: number; lengths: { min: number; max: number } };
  authentication: { reviewer: PageFigure; committee: PageFigure };
  deciding: { decisions: number; seconds: number; p50: number; p99: number; errors: string[]; counts: { category: string; oral: string; poster: string; other: number }[] } | null;
  /**
   * The publication of every pending decision (a committee POST that queues an office job which
   * publishes off the request path) lands separately: null until `publicationBench` is written.
   * It starts from what this bench leaves: every abstract decided (pending), the committee
   * member's session past the second factor. It would time the POST, then wait
   * for the job (presentation and number on every accepted abstract, the mails queued) and read
   * the table back (numbers gap-free per type, each once).
   */
  publication: {
    status: number;
    requestMs: number;
    /** Until every decision was published (the job left running), and until every mail was sent (or a minute of sending). */
    publishedMs: number;
    doneMs: number;
    state: string;
    published: Record<string, number> | null;
    mails: { total: number; sent: number; withheld: number; opted_out: number; failed: number };
    outcomes: number;
    numbers: { oral: number; poster: number; gapFree: boolean };
  } | null;
  failures: string[];
}

export async function reviewBench(portal: Portal, options: { abstracts?: number; reviewers?: number; runs?: number } = {}): Promise<ReviewFigures> {
  const count = options.abstracts ?? 2000;
  const runs = options.runs ?? 30;
  // Loaded only now: the functions' settings are those of the portal started before.
  const { hashPassword } = await import('../functions/lib/crypto');
  const { meter, meterDynamo, trace } = await import('./bench-dynamo-meter');
  const { reviewStore } = await import('../functions/storage/reviews');
  const { decisionStore } = await import('../functions/storage/review-decisions');
  const { auditEntry } = await import('../functions/core/audit/audit');
  meterDynamo();
  const call = client(portal, meter);
  const failures: string[] = [];

  const c = congress({ abstracts: count, reviewers: options.reviewers ?? 60, submitters: Math.round(count * 0.65), passwordHash: await hashPassword(PASSWORD) });
  const seeded = await seed(c);

  // The conflicts the congress holds, computed as the assignment does (every rule, co-authorship over every abstract).
  const emailOf = new Map([...c.owners, ...c.reviewers.map((r) => r.user)].map((u) => [u.id, u.email]));
  const parties = new Map<string, AbstractParties>(c.abstracts.map((a) => [a.id, { id: a.id, owner_id: a.owner_id, owner_email: emailOf.get(a.owner_id), authors: [...a.authors, ...a.presenter_infos] }]));
  const coauthors = coauthorIndex([...parties.values()]);
  const party = (m: ReviewTeamMember): ReviewerParty => ({ userId: m.user_id, email: m.email, organization: m.organization, declared: m.declared });
  const categoryOf = new Map(c.abstracts.map((a) => [a.id, reviewCategoryOf(a.abstract_category)]));
  const pool = (category: string) => c.reviewers.filter((r) => r.member.reviewer!.categories.includes(category));
  const byReason: Partial<Record<ConflictReason, number>> = {};
  const conflicted = new Set<string>();
  const eligible = new Map<string, number>();
  let ofPairs = 0;
  for (const a of c.abstracts) {
    let n = 0;
    for (const r of pool(categoryOf.get(a.id)!)) {
      ofPairs++;
      const reasons = conflictsOf(party(r.member), parties.get(a.id)!, coauthors);
      for (const reason of reasons) byReason[reason] = (byReason[reason] ?? 0) + 1;
      if (reasons.length) conflicted.add(`${a.id} ${r.user.id}`);
      else n++;
    }
    eligible.set(a.id, n);
  }
  const perAbstract = reviewSettings.reviewersPerAbstract;

  // The committee member: logged in, past the second factor (by the real clock, as an authenticator app).
  const login = async (email: string) => {
    const r = await call<{ api_token: string }>(routes.login, { body: { email, password: PASSWORD } });
    if (r.status !== 200) throw new Error(`login of ${email}: ${r.status} ${r.message}`);
    return r.data.api_token;
  };
  const committee = { token: await login(c.chair.user.email) };
  const enrol = await call<{ secret: string }>(routes.startSecondFactor, { token: committee.token });
  if (enrol.status !== 200) throw new Error(`second factor enrolment: ${enrol.status} ${enrol.message}`);
  const confirmed = await call(routes.confirmSecondFactor, { token: committee.token, body: { code: await totpCode(enrol.data.secret) } });
  if (confirmed.status !== 200) throw new Error(`second factor confirmation: ${confirmed.status} ${confirmed.message}`);

  // The assignment's own algorithm in this process, on the same input (every conflict rule): its CPU share of a run.
  const core = (() => {
    const byId = new Map(c.reviewers.map((r) => [r.user.id, party(r.member)]));
    let checks = 0;
    const started = performance.now();
    const index = coauthorIndex([...parties.values()]);
    const run = assignReviewers({
      abstracts: c.abstracts.map((a) => ({ id: a.id, category: categoryOf.get(a.id)! })),
      reviewers: c.reviewers.map((r) => ({ id: r.user.id, categories: r.member.reviewer!.categories })),
      existing: [],
      perAbstract,
      conflicted: (reviewerId, abstractId) => {
        checks++;
        return conflictsOf(byId.get(reviewerId)!, parties.get(abstractId)!, index).length > 0;
      },
    });
    return { ms: performance.now() - started, checks, added: run.added.length };
  })();

  // The assignment through the API, then a re-run (it keeps everything, so adds nothing). The local
  // gateway answers 500 at the functions' timeout (10 s, as Lambda would); here nothing stops the
  // function's work then, so the bench waits for its end (the run's lease given back) and reads
  // from its DynamoDB calls where its time went.
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../functions/storage/keys');
  const { env } = await import('../functions/lib/env');
  const own = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: portal.dynamo, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const leaseHeld = async () => Boolean((await own.send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewAssignmentRun(), ConsistentRead: true }))).Item);
  const assignment: ReviewFigures['assignment'] = [];
  for (let run = 0; run < 2; run++) {
    trace.calls = [];
    trace.on = true;
    const started = performance.now();
    // The request queues an office job; the runOfficeJob worker runs it. The job is read straight
    // from the table (not through the API, so the read meter counts only the worker's reads).
    const r = await call<{ job?: { id: string } } | null>(routes.runReviewAssignment, { token: committee.token, at: REVIEWING });
    const answered = performance.now();
    let job: OfficeJob | undefined;
    for (;;) {
      job = r.data?.job ? ((await own.send(new GetCommand({ TableName: env.tableName(), Key: keys.officeJob(r.data.job.id), ConsistentRead: true }))).Item as OfficeJob | undefined) : undefined;
      if (!job || job.state === 'done' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    while (await leaseHeld()) await new Promise((resolve) => setTimeout(resolve, 100));
    trace.on = false;
    const calls = trace.calls.map((k) => ({ ...k, at: k.at - started }));
    // The client's own command names (TransactWriteItemsCommand, QueryCommand, GetItemCommand, ...).
    const transaction = (k: { command: string }) => k.command.startsWith('TransactWrite');
    const reads = calls.filter((k) => !transaction(k));
    const pairs = calls.filter((k) => transaction(k) && k.writes >= 2);
    const lastPair = pairs.at(-1)?.at ?? reads.at(-1)?.at ?? 0;
    const summaries = calls.slice(0, -1).filter((k) => transaction(k) && k.writes === 1 && k.at > lastPair);
    const end = calls.at(-1)?.at ?? answered - started;
    assignment.push({
      ms: r.ms,
      endMs: end,
      status: r.status,
      message: job?.assignment?.message ?? job?.error ?? r.message,
      added: job?.assignment?.added ?? pairs.reduce((n, k) => n + k.writes / 2, 0),
      short: job?.assignment?.short_count ?? null,
      roundTrips: meter.calls,
      itemsRead: meter.items,
      phases: {
        reading: { from: reads[0]?.at ?? 0, to: reads.at(-1)?.at ?? 0, calls: reads.length },
        assignments: { from: pairs[0]?.at ?? NaN, to: lastPair, calls: pairs.length, beforeAnswer: pairs.filter((k) => k.at <= r.ms).reduce((n, k) => n + k.writes / 2, 0) },
        summaries: { from: summaries[0]?.at ?? NaN, to: summaries.at(-1)?.at ?? NaN, calls: summaries.length },
      },
    });
    if (r.status !== 200) failures.push(`assignment run ${run + 1} answered ${r.status} after ${(r.ms / 1000).toFixed(1)} s (${r.message})`);
    else if (job?.state !== 'done') failures.push(`assignment run ${run + 1}: its job ended ${job?.state ?? 'missing'} (${job?.error ?? ''})`);
  }
  if (assignment[1]?.added) failures.push(`the re-run added ${assignment[1].added} assignments`);

  // Its invariants, from the table.
  const stored = (await Promise.all(reviewCategories.map((k) => reviewStore.ofCategory(k.value)))).flat();
  const active = stored.filter((s) => s.state !== 'declined');
  const perAbstractCount = new Map<string, number>();
  for (const s of active) perAbstractCount.set(s.abstract_id, (perAbstractCount.get(s.abstract_id) ?? 0) + 1);
  const wrongCount = c.abstracts.filter((a) => (perAbstractCount.get(a.id) ?? 0) !== Math.min(perAbstract, eligible.get(a.id)!)).length;
  const load = reviewCategories.map(({ value }) => {
    const loads = pool(value).map((r) => active.filter((s) => s.category === value && s.reviewer_id === r.user.id).length);
    return { category: value, min: Math.min(...loads), max: Math.max(...loads), reviewers: loads.length };
  });
  const conflictedAssigned = active.filter((s) => conflicted.has(`${s.abstract_id} ${s.reviewer_id}`)).length;
  const outsideCategory = active.filter((s) => s.category !== categoryOf.get(s.abstract_id) || !c.reviewers.find((r) => r.user.id === s.reviewer_id)?.member.reviewer?.categories.includes(s.category)).length;
  if (wrongCount) failures.push(`${wrongCount} abstracts without min(${perAbstract}, their eligible pool) reviewers`);
  if (conflictedAssigned) failures.push(`${conflictedAssigned} conflicted assignments`);
  if (outsideCategory) failures.push(`${outsideCategory} assignments outside the reviewer's or the abstract's category`);

  // The reviews, written as a submission stores them (11 in 12 submitted, the rest left assigned),
  // and each abstract's scores in its summary: the committee then ranks real scores.
  const reviewsStarted = performance.now();
  const quality = new Map(c.abstracts.map((a) => [a.id, 1.5 + c.rnd.next() * 3.5]));
  const byAbstract = new Map<string, StoredReview[]>();
  for (const s of stored) byAbstract.set(s.abstract_id, [...(byAbstract.get(s.abstract_id) ?? []), s]);
  let submitted = 0;
  await inParallel([...byAbstract.entries()], 8, async ([abstractId, reviews]) => {
    const written: StoredReview[] = [];
    for (const review of reviews) {
      if (c.rnd.next() < 1 / 12) {
        written.push(review);
        continue;
      }
      // A reviewer in fifteen sees it very differently (the committee's page flags the spread).
      const off = c.rnd.next() < 1 / 15 ? (c.rnd.next() < 0.5 ? -3 : 3) : 0;
      const rate = () => Math.min(5, Math.max(1, Math.round(quality.get(abstractId)! + off + (c.rnd.next() * 2 - 1))));
      const ratings = Object.fromEntries(reviewSettings.criteria.map((k) => [k.id, rate()]));
      const score = weightedScore(ratings);
      const at = new Date(Date.parse(REVIEWING) + c.rnd.int(20 * 86_400_000)).toISOString();
      const next: StoredReview = {
        ...review,
        state: 'submitted',
        ratings,
        proposal: score >= 4 ? 'oral' : score >= 3 ? 'poster' : 'reject',
        comment_to_authors: 'Clear aims and a sound design; please give the registries\' coverage and the completeness checks.',
        comment_to_committee: score >= 4 ? 'One of the best of the session.' : '',
        submitted_at: at,
        updated_at: at,
        version: review.version + 1,
      };
      const audit = auditEntry({ action: 'review.submitted', actor: { kind: 'reviewer', id: review.reviewer_id }, at: new Date(at), object: { type: 'abstract', id: abstractId }, after: { reviewer_id: review.reviewer_id, state: 'submitted', ratings, proposal: next.proposal } });
      if (!(await reviewStore.save(next, review.version, audit))) throw new Error(`review of ${abstractId} by ${review.reviewer_id} not written`);
      written.push(next);
      submitted++;
    }
    const current = await decisionStore.summary(abstractId);
    if (!current) throw new Error(`abstract ${abstractId} has no summary after the assignment`);
    if (!(await decisionStore.saveScores({ ...current, score: scoresOf(written), scores_v: current.scores_v + 1 }, current.scores_v))) throw new Error(`scores of ${abstractId} not written`);
  });
  const reviewsWritten = { reviews: stored.length, submitted, seconds: (performance.now() - reviewsStarted) / 1000 };

  /** `runs` requests after 3 warm-ups: time, items read, round trips, rows shown. */
  const measure = async (name: string, request: () => Promise<Answer<unknown>>, rowsOf: (data: unknown) => number): Promise<PageFigure> => {
    for (let i = 0; i < 3; i++) await request();
    const ms: number[] = [];
    const items: number[] = [];
    const trips: number[] = [];
    const rows: number[] = [];
    let unattributed = 0;
    for (let i = 0; i < runs; i++) {
      const r = await request();
      if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.message}`);
      ms.push(r.ms);
      items.push(r.metered.items);
      trips.push(r.roundTrips);
      rows.push(rowsOf(r.data));
      if (r.metered.calls !== r.roundTrips) unattributed++;
    }
    return { name, runs, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), items: spread(items), roundTrips: spread(trips), rows: spread(rows), unattributed };
  };

  // The reviewer with the longest queue.
  const lengths = c.reviewers.map((r) => ({ r, n: active.filter((s) => s.reviewer_id === r.user.id).length }));
  const longest = lengths.reduce((a, b) => (b.n > a.n ? b : a));
  const reviewerToken = await login(longest.r.user.email);
  const pageSize = 25;
  const largest = reviewCategories.map((k) => k.value).reduce((a, b) => (c.abstracts.filter((x) => categoryOf.get(x.id) === b).length > c.abstracts.filter((x) => categoryOf.get(x.id) === a).length ? b : a));
  const firstRanking = await call<{ cursor: string | null }>(routes.getReviewRanking, { token: committee.token, at: DECIDING, query: { category: largest, limit: String(pageSize) } });
  const items = (data: unknown) => (data as { items: unknown[] }).items.length;
  const pages: PageFigure[] = [
    await measure(`reviewer's queue (GET /review/queue), ${longest.n} assigned`, () => call(routes.getReviewQueue, { token: reviewerToken, at: REVIEWING }), items),
    await measure(`committee's ranking, first page (GET /review/committee/ranking?category=${largest})`, () => call(routes.getReviewRanking, { token: committee.token, at: DECIDING, query: { category: largest, limit: String(pageSize) } }), items),
    await measure('committee\'s ranking, next page (by its cursor)', () => call(routes.getReviewRanking, { token: committee.token, at: DECIDING, query: { category: largest, limit: String(pageSize), cursor: firstRanking.data.cursor! } }), items),
  ];
  // What authentication alone reads: a delegate route that reads nothing else, and the committee's
  // slots before any decision (its quotas and counts items do not exist yet: round trips, no items).
  const authentication = {
    reviewer: await measure('authentication of a reviewer (GET /registration/options)', () => call(routes.getRegistrationOptions, { token: reviewerToken, at: REVIEWING }), () => 0),
    committee: await measure('authentication of the committee (GET /review/committee/slots, nothing decided)', () => call(routes.getReviewSlots, { token: committee.token, at: DECIDING }), () => 0),
  };

  // Every abstract decided, category by category at once (one at a time within a category: its
  // counts item moves with each decision): the best as oral, then poster, within the slots; one
  // in 25 of the rest asked to revise, the others rejected.
  let deciding: ReviewFigures['deciding'] = null;
  {
    const started = performance.now();
    const ms: number[] = [];
    const errors: string[] = [];
    const counts: NonNullable<ReviewFigures['deciding']>['counts'] = [];
    await Promise.all(
      reviewCategories.map(async ({ value: category }) => {
        const ranked: { abstract_id: string; version: number }[] = [];
        let cursor: string | null = null;
        do {
          const page: Answer<{ items: { abstract_id: string; version: number }[]; cursor: string | null }> = await call(routes.getReviewRanking, { token: committee.token, at: DECIDING, query: { category, limit: '100', ...(cursor ? { cursor } : {}) } });
          if (page.status !== 200) throw new Error(`ranking of ${category}: ${page.status} ${page.message}`);
          ranked.push(...page.data.items);
          cursor = page.data.cursor;
        } while (cursor);
        const oral = quotaOf({}, category, 'oral');
        const poster = quotaOf({}, category, 'poster');
        const decided: Record<Outcome, number> = { oral: 0, poster: 0, reject: 0, revise: 0, duplicate: 0 };
        for (const [rank, a] of ranked.entries()) {
          const outcome: Outcome = rank < oral ? 'oral' : rank < oral + poster ? 'poster' : rank % 25 === 0 ? 'revise' : 'reject';
          const r = await call(routes.decideAbstract, { token: committee.token, at: DECIDING, params: { id: a.abstract_id }, body: { outcome, version: a.version } });
          ms.push(r.ms);
          if (r.status === 200) decided[outcome]++;
          else errors.push(`${r.status} ${r.message}`);
        }
        const inTable = await decisionStore.counts(category);
        for (const o of Object.keys(decided) as Outcome[]) if (inTable[o] !== decided[o]) failures.push(`${category}: ${o} counted ${inTable[o]} in the table, ${decided[o]} decided`);
        counts.push({ category, oral: `${inTable.oral} of ${oral}`, poster: `${inTable.poster} of ${poster}`, other: inTable.reject + inTable.revise + inTable.duplicate });
        if (ranked.length !== c.abstracts.filter((x) => categoryOf.get(x.id) === category).length) failures.push(`${category}: the ranking listed ${ranked.length} abstracts`);
      }),
    );
    counts.sort((a, b) => reviewCategories.findIndex((k) => k.value === a.category) - reviewCategories.findIndex((k) => k.value === b.category));
    if (errors.length) failures.push(`${errors.length} decisions refused (first: ${errors[0]})`);
    deciding = { decisions: ms.length, seconds: (performance.now() - started) / 1000, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), errors, counts };
  }

  // The publication of every pending decision: the request queues an office job, the worker
  // publishes each abstract (its number, outcome and presentation) and queues the mails; the
  // table is read back (numbers gap-free per type, each once).
  let publication: ReviewFigures['publication'] = null;
  if (deciding) {
    const started = performance.now();
    const asked = await call<{ job?: { id: string } } | null>(routes.publishDecisions, { token: committee.token, at: REVIEWING, body: { category: 'all' } });
    let job: OfficeJob | undefined;
    let publishedMs = NaN;
    for (;;) {
      job = asked.data?.job ? ((await own.send(new GetCommand({ TableName: env.tableName(), Key: keys.officeJob(asked.data.job.id), ConsistentRead: true }))).Item as OfficeJob | undefined) : undefined;
      if (job && Number.isNaN(publishedMs) && job.state !== 'queued' && job.state !== 'running') publishedMs = performance.now() - started;
      if (!job || job.state === 'done' || job.state === 'failed') break;
      // The mails go out at the office's rate (10 a second): a minute of them is measured, not all.
      if (performance.now() - started - publishedMs > 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const doneMs = performance.now() - started;
    const numbers = { oral: [] as number[], poster: [] as number[] };
    let outcomes = 0;
    for (const a of c.abstracts) {
      const item = (await own.send(new GetCommand({ TableName: env.tableName(), Key: keys.abstract(a.owner_id, a.id), ProjectionExpression: 'review_outcome' }))).Item;
      const o = item?.review_outcome as { outcome: string; number?: string } | undefined;
      if (o) outcomes++;
      if (o?.number) numbers[o.outcome as 'oral' | 'poster'].push(Number(o.number.slice(2)));
    }
    const gapFree = (xs: number[]) => [...xs].sort((x, y) => x - y).every((x, i) => x === i + 1);
    publication = {
      status: asked.status,
      requestMs: asked.ms,
      publishedMs,
      doneMs,
      state: job?.state ?? 'missing',
      published: job?.published ?? null,
      mails: { total: job?.total ?? 0, ...(job?.counts ?? { sent: 0, withheld: 0, opted_out: 0, failed: 0 }) },
      outcomes,
      numbers: { oral: numbers.oral.length, poster: numbers.poster.length, gapFree: gapFree(numbers.oral) && gapFree(numbers.poster) },
    };
    if (asked.status !== 200 || (job?.state !== 'done' && job?.state !== 'sending')) failures.push(`publication: answered ${asked.status}, job ${job?.state ?? 'missing'} ${job?.error ?? ''}`);
    if (outcomes !== c.abstracts.length) failures.push(`publication: ${c.abstracts.length - outcomes} abstracts without their published outcome`);
    if (!publication.numbers.gapFree) failures.push('publication: the numbers have a gap or a duplicate');
  }

  return {
    abstracts: c.abstracts.length,
    categories: reviewCategories.map((k) => ({ ...k, abstracts: c.abstracts.filter((a) => categoryOf.get(a.id) === k.value).length, reviewers: pool(k.value).length })),
    reviewers: c.reviewers.length,
    seed: seeded,
    conflicts: { pairs: conflicted.size, ofPairs, byReason, abstractsWithFewerThanN: [...eligible.values()].filter((n) => n < perAbstract).length },
    core,
    assignment,
    invariants: { assignments: active.length, wrongCount, load, conflicted: conflictedAssigned, outsideCategory },
    reviewsWritten,
    pages,
    pageSize,
    queue: { reviewer: `${longest.r.member.reviewer!.categories.join(' + ')} (${longest.r.kind})`, rows: longest.n, lengths: { min: Math.min(...lengths.map((l) => l.n)), max: longest.n } },
    authentication,
    deciding,
    publication,
    failures,
  };
}
