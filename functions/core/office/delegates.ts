/**
 * The office's delegates: every account, newest first, found by a whole e-mail address or the
 * start of a name; one delegate with their orders, abstracts, files (with short-lived download
 * links) and what happened to them (the audit log); and the activation mail sent again for an
 * account not activated yet, through the delegate's own resend path, as the organiser's action.
 */
import type { Actor, AuditEntry } from '../audit/audit';
import { resendActivation } from '../accounts/accounts';
import { STATUS, type User } from '../accounts/model';
import type { AccountDeps } from '../accounts/ports';
import type { StoredAbstract } from '../abstracts/ports';
import { categoryName } from '../data/abstract-options';
import { conflict, notFound } from '../errors';
import { orderStatusNames } from '../orders/states';
import type { StoredOrder } from '../orders/ports';
import type { ObjectStore, StoredFile } from '../uploads/ports';
import { parseDelegateSearch } from './search';

/** Rows per page of the office's lists. */
export const OFFICE_PAGE_SIZE = 25;
/** Download links the office hands out expire soon: they are for opening a file now. */
export const OFFICE_DOWNLOAD_SECONDS = 5 * 60;

export interface Page<T> {
  items: T[];
  /** Where the next page starts (opaque), or null on the last page. */
  cursor: string | null;
}

export interface DelegateDirectory {
  getUser(id: string): Promise<User | undefined>;
  findUserByEmail(email: string): Promise<User | undefined>;
  /** Every account, newest sign-up first. */
  accountsPage(limit: number, cursor?: string): Promise<Page<User>>;
  /** Accounts whose name key starts with `prefix` (normalised), in key order. */
  accountsByName(prefix: string, limit: number, cursor?: string): Promise<Page<User>>;
  /** How many accounts the list holds: every account, or those a name prefix finds (each once). */
  countAccounts(prefix?: string): Promise<number>;
}

export interface DelegateRecords {
  orders(ownerId: string): Promise<StoredOrder[]>;
  abstracts(ownerId: string): Promise<StoredAbstract[]>;
  files(ownerId: string): Promise<StoredFile[]>;
  /** Entries about one object, oldest first. */
  auditOf(type: string, id: string): Promise<AuditEntry[]>;
}

export interface DelegateOfficeDeps {
  directory: DelegateDirectory;
  records: DelegateRecords;
  objects: Pick<ObjectStore, 'presignGet'>;
}

export const delegateMessages = {
  notFound: 'There is no such account.',
  alreadyActive: 'This account is already activated: the delegate can log in (or reset the password).',
  activationResent: 'The activation e-mail has been sent again to the delegate.',
} as const;

const fullName = (u: { first_name?: string; middle_initial?: string; last_name?: string }) => [u.first_name, u.middle_initial, u.last_name].filter((p) => p && p.trim()).join(' ');

/**
 * The name the office shows: the profile's, else the name given in the newest order (many
 * delegates register without filling in the profile), else none.
 */
export function shownName(u: Pick<User, 'first_name' | 'middle_initial' | 'last_name' | 'order_names'>): { name: string; name_source: 'profile' | 'order' | null } {
  const profile = fullName(u);
  if (profile) return { name: profile, name_source: 'profile' };
  const fromOrder = fullName(u.order_names?.[0] ?? {});
  return fromOrder ? { name: fromOrder, name_source: 'order' } : { name: '', name_source: null };
}

/** One row of the delegates list. */
export function delegateRow(u: User) {
  return {
    id: u.id,
    ...shownName(u),
    email: u.email,
    country: u.country,
    status: u.status,
    activated: u.status !== STATUS.notActivated,
    organiser: u.role === 'organiser',
    created_at: u.created_at,
    last_login_at: u.last_login_at ?? null,
  };
}
export type DelegateRow = ReturnType<typeof delegateRow>;

/** The list: everyone (newest first), one address, or names starting with the text. */
export async function listDelegates(deps: Pick<DelegateOfficeDeps, 'directory'>, input: { q?: string; cursor?: string; count?: string }) {
  const search = parseDelegateSearch(input.q);
  if (search.kind === 'email') {
    const user = await deps.directory.findUserByEmail(search.email);
    return { items: user ? [delegateRow(user)] : [], cursor: null, search: search.kind, ...(input.count ? { total: user ? 1 : 0 } : {}) };
  }
  const [page, total] = await Promise.all([
    search.kind === 'name' ? deps.directory.accountsByName(search.prefix, OFFICE_PAGE_SIZE, input.cursor) : deps.directory.accountsPage(OFFICE_PAGE_SIZE, input.cursor),
    // The list's total over its pages (count=1).
    input.count ? deps.directory.countAccounts(search.kind === 'name' ? search.prefix : undefined) : undefined,
  ]);
  return { items: page.items.map(delegateRow), cursor: page.cursor, search: search.kind, ...(total !== undefined ? { total } : {}) };
}

async function download(deps: Pick<DelegateOfficeDeps, 'objects'>, f: StoredFile) {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    purpose: f.purpose,
    abstract_id: f.abstract_id ?? null,
    uploaded_at: f.uploaded_at,
    url: await deps.objects.presignGet(f.key, { fileName: f.name, expiresSeconds: OFFICE_DOWNLOAD_SECONDS }),
  };
}
export type OfficeFile = Awaited<ReturnType<typeof download>>;

export const abstractSummary = (a: StoredAbstract) => ({
  id: a.id,
  owner_id: a.owner_id,
  title_of_abstract: a.title_of_abstract,
  abstract_category: a.abstract_category,
  abstract_category_name: categoryName(a.abstract_category) ?? a.abstract_category,
  created_at: a.created_at,
  updated_at: a.updated_at,
});

/**
 * What the log says about a set of objects, newest first. Entries by `owner` that name only the
 * account id (abstracts and files record the delegate by id) show their address as it is now.
 */
export async function activityOf(deps: Pick<DelegateOfficeDeps, 'records'>, objects: { type: string; id: string }[], owner?: Pick<User, 'id' | 'email'>) {
  const trails = await Promise.all(objects.map((o) => deps.records.auditOf(o.type, o.id)));
  return trails
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((e) => (owner && e.actor.id === owner.id && !e.actor.email ? { ...e, actor: { ...e.actor, email: owner.email } } : e));
}

/** One delegate as the office sees them. */
export async function getDelegate(deps: DelegateOfficeDeps, id: string) {
  const user = await deps.directory.getUser(id);
  if (!user) throw notFound(delegateMessages.notFound);
  const [orders, abstracts, files] = await Promise.all([deps.records.orders(id), deps.records.abstracts(id), deps.records.files(id)]);
  orders.sort((a, b) => a.created_at.localeCompare(b.created_at));
  abstracts.sort((a, b) => a.created_at.localeCompare(b.created_at));
  files.sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at));
  const activity = await activityOf(deps, [
    { type: 'account', id },
    ...orders.map((o) => ({ type: 'order', id: o.id })),
    ...abstracts.map((a) => ({ type: 'abstract', id: a.id })),
    ...files.map((f) => ({ type: 'file', id: f.id })),
  ], user);
  return {
    ...delegateRow(user),
    first_name: user.first_name,
    last_name: user.last_name,
    organization: user.organization,
    occupation: user.occupation,
    mobile: user.mobile,
    activated_at: user.activated_at ?? null,
    /** The delegate deleted the account (core/accounts/own-data.ts): this is its tombstone. */
    deleted_at: user.deleted_at ?? null,
    orders: orders.map((o) => ({
      id: o.id,
      order_no: o.order_no,
      reference: o.reference,
      payment_status: o.payment_status,
      status_name: orderStatusNames[o.payment_status],
      amount_required: o.amount_required,
      created_at: o.created_at,
    })),
    abstracts: abstracts.map(abstractSummary),
    files: await Promise.all(files.map((f) => download(deps, f))),
    activity,
  };
}
export type OfficeDelegate = Awaited<ReturnType<typeof getDelegate>>;

/** The activation mail again, for an account not activated yet (the delegate lost it, or it bounced). */
export async function resendDelegateActivation(deps: Pick<DelegateOfficeDeps, 'directory'> & { accounts: AccountDeps }, actor: Actor, id: string, now: Date) {
  const user = await deps.directory.getUser(id);
  if (!user || user.deleted_at) throw notFound(delegateMessages.notFound);
  if (user.status !== STATUS.notActivated) throw conflict(delegateMessages.alreadyActive);
  await resendActivation(deps.accounts, user.email, now, actor);
  return { message: delegateMessages.activationResent };
}

/** The files an office detail lists, with their links. */
export const officeDownloads = (deps: Pick<DelegateOfficeDeps, 'objects'>, files: StoredFile[]) => Promise.all(files.map((f) => download(deps, f)));
