/**
 * The delegate account as the domain sees it, and the person-info answer of the spec
 * (section 3 "User info"). Numeric states (docs/decisions/0004-accounts.md):
 *   status          0 not activated, 1 activated, 2 profile completed
 *   pay_status      1 unpaid (initial), 2 paid
 *   repast_status   1 dinner unpaid and selectable (initial), other values paid
 *   register_status 0 nothing to review (initial), 1 documents under review, 2 documents rejected
 */
import type { DeliveryNotice } from '../mail/delivery';
import type { PersonName } from './name-key';

export interface User {
  id: string;
  email: string;
  password_hash: string;
  /** Bumped whenever every session must end (password changed or reset). */
  session_epoch: number;
  status: 0 | 1 | 2;
  pay_status: number;
  repast_status: number;
  register_status: number;
  first_name: string;
  middle_initial: string;
  last_name: string;
  nick_name: string;
  /** A name in Chinese characters beside the Latin one (issue 32); absent on older accounts. */
  family_name_in_chinese?: string;
  given_name_in_chinese?: string;
  occupation: string;
  organization: string;
  country: string;
  mobile: string;
  created_at: string;
  updated_at: string;
  activated_at?: string;
  /** The last successful login (the office's delegate list shows it). */
  last_login_at?: string;
  /** Organisers (the registration office) are delegates given this role by an administrator. */
  role?: 'delegate' | 'organiser';
  /**
   * The organiser grant in force (a new id at each grant, removed with the role): a second-factor
   * pass made under an earlier grant opens nothing (core/office/access.ts).
   */
  organiser_grant?: string;
  /**
   * The abstract review's roles (core/review/team.ts), granted by an organiser in the office, each
   * with the id of its grant: reviewer of these review categories, and committee member.
   */
  review_roles?: ReviewRoles;
  /** Moves with each change of review_roles (their writes are conditioned on it). */
  review_roles_v?: number;
  /** The registration by category's summary (core/registration-by-category), set when the delegate registers. */
  regiatration_type?: number;
  register_code?: string;
  /** USD cents. */
  register_fee?: number;
  /** USD cents: what the registration's chosen dinners cost (registration-by-category/cost-detail.ts). */
  dinner_fee?: number;
  oeso_member?: string;
  young_file?: string[];
  fellow_file?: string[];
  /** The review's reason (rejected documents) and the payment voucher's file name (core/registration-by-category/review.ts). */
  review_reason?: string;
  payment_voucher?: string;
  /**
   * The names given in the account's registration orders, newest first, each once (kept by the
   * order writes, core/accounts/name-key.ts orderNamesOf): the office lists and finds an account
   * by them too, and shows the newest when the profile has no name.
   */
  order_names?: PersonName[];
  /** Moves with each change of order_names (their writes are conditioned on it). */
  order_names_v?: number;
  /** The delegate asked for the account's deletion (core/accounts/own-data.ts): its steps are under way. */
  deleting_at?: string;
  /** The lease of a deletion under way (core/accounts/deletion-lease.ts): its run and until when it holds. */
  deletion_run?: string;
  deletion_until?: string;
  /** The account was deleted: only this tombstone (id, deleted_at, session_epoch) is left. */
  deleted_at?: string;
}

export interface ReviewRoles {
  reviewer?: { categories: string[]; grant: string };
  committee?: { grant: string };
}

export const STATUS = { notActivated: 0, activated: 1, profileComplete: 2 } as const;

export function newUser(fields: { id: string; email: string; password_hash: string; now: Date }): User {
  const at = fields.now.toISOString();
  return {
    id: fields.id,
    email: fields.email,
    password_hash: fields.password_hash,
    session_epoch: 0,
    status: STATUS.notActivated,
    pay_status: 1,
    repast_status: 1,
    register_status: 0,
    first_name: '',
    middle_initial: '',
    last_name: '',
    nick_name: '',
    occupation: '',
    organization: '',
    country: '',
    mobile: '',
    order_names: [],
    created_at: at,
    updated_at: at,
  };
}

/** The spec's User info, as GET /get_person_info answers it (never the password hash). */
/** User info as the spec names it, plus `mail_delivery`: whether mail to the address bounced (null: no problem known). */
export function personInfo(user: User, mailDelivery: DeliveryNotice = null) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    middle_initial: user.middle_initial,
    last_name: user.last_name,
    nick_name: user.nick_name,
    family_name_in_chinese: user.family_name_in_chinese ?? '',
    given_name_in_chinese: user.given_name_in_chinese ?? '',
    occupation: user.occupation,
    organization: user.organization,
    country: user.country,
    mobile: user.mobile,
    status: user.status,
    pay_status: user.pay_status,
    repast_status: user.repast_status,
    register_status: user.register_status,
    // The registration by category (older flow): null until the delegate registers; fees in USD as on the wire.
    regiatration_type: user.regiatration_type ?? null,
    register_code: user.register_code ?? null,
    register_fee: user.register_fee === undefined ? null : user.register_fee / 100,
    dinner_fee: user.dinner_fee === undefined ? null : user.dinner_fee / 100,
    oeso_member: user.oeso_member || null,
    young_file: user.young_file ?? [],
    fellow_file: user.fellow_file ?? [],
    payment_voucher: user.payment_voucher ?? null,
    /** Why the office did not approve the documents (register_status 2), shown on /common/reload. */
    review_reason: user.review_reason ?? null,
    register: [] as unknown[],
    dinner: [] as unknown[],
    mail_delivery: mailDelivery,
    /** The account has the registration office's role: the site's menu links to /office (the office itself checks the role). */
    office: user.role === 'organiser',
    /** The account reviews abstracts or sits on the programme committee: the menu links to /review (the review checks the roles). */
    review: Boolean(user.review_roles?.reviewer || user.review_roles?.committee),
  };
}
export type PersonInfo = ReturnType<typeof personInfo>;

/** A profile is complete when every field the profile form requires is filled. */
export function profileComplete(u: Pick<User, 'occupation' | 'organization' | 'country' | 'mobile'>): boolean {
  return [u.occupation, u.organization, u.country, u.mobile].every((v) => v.trim().length > 0);
}
