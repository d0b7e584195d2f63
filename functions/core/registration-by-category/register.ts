/**
 * POST /register: a delegate registers by category (spec sections 4, 5 and 7). The server prices
 * the registration from the config and the period in force, numbers it once, and puts it under
 * review when the type needs proof (member number or documents); other types can pay at once.
 * One registration per delegate: a second submit is refused with the registration number
 * (changes go through the later update and re-upload calls; docs/decisions/0023-registration-by-category.md).
 */
import { legacyFees2019 } from '../config/conference';
import { auditEntry, delegateActor } from '../audit/audit';
import { conflict, forbidden, invalid } from '../errors';
import { text } from '../i18n/messages';
import { ACCOUNT_DELETING, deletionLeaseMessages } from '../accounts/deletion-lease';
import { accountNameKeys } from '../accounts/name-key';
import { STATUS } from '../accounts/model';
import { feeMessages, feePeriod, REGISTRATION_TYPE, registrationFee } from './fees';
import { dinnerTotal } from './cost-detail';
import { PAY_STATUS, REGISTER_STATUS, type RegistrationDeps, type RegistrationSummary, type StoredRegistration } from './ports';
import type { RegistrationForm } from './schemas';

export const registerMessages = {
  registered: 'Your registration has been received.',
  /** Raised as text('api.registration.already', { code }) (the reader's language); the same English. */
  already: (code: string) => `You have registered already (registration number ${code}). To change it, please contact the registration office.`,
  fileNotFound: 'An uploaded file was not found. Please upload it again.',
} as const;

const pad = (n: number) => String(n).padStart(6, '0');

/** The registration number shown to delegates and the office: OESO-000123. */
export const registerCode = (sequence: number) => `${legacyFees2019.registerCodePrefix}-${pad(sequence)}`;

/** Types whose proof the office reviews before the delegate can pay: member number, young investigator and fellow documents. */
export const needsReview = (type: number) =>
  type === REGISTRATION_TYPE.member || type === REGISTRATION_TYPE.youngInvestigator || type === REGISTRATION_TYPE.fellow;

export function summaryOf(r: StoredRegistration, fileNames: Map<string, string>): RegistrationSummary {
  const names = (ids: string[]) => ids.map((id) => fileNames.get(id) ?? id);
  return {
    regiatration_type: r.regiatration_type,
    register_code: r.register_code,
    register_fee: r.fees.total,
    register_status: r.register_status,
    oeso_member: r.oeso_member,
    young_file: names(r.young_investigator_files),
    fellow_file: names(r.fellow_files),
  };
}

/** Every file named must be the delegate's own supporting document (another's, or another purpose's, is not found). */
async function documentNames(deps: RegistrationDeps, ownerId: string, form: RegistrationForm) {
  const names = new Map<string, string>();
  for (const field of ['young_investigator_files', 'fellow_files'] as const) {
    for (const id of form[field]) {
      const file = await deps.files.get(ownerId, id);
      if (!file || file.purpose !== 'document') throw invalid(registerMessages.fileNotFound, { [field]: registerMessages.fileNotFound });
      names.set(id, file.name);
    }
  }
  return names;
}

export async function register(deps: RegistrationDeps, owner: { id: string; email: string }, form: RegistrationForm, now: Date) {
  const period = feePeriod(now);
  if (!period) throw forbidden(feeMessages.closed);
  const existing = await deps.registrations.get(owner.id);
  if (existing) throw conflict(text('api.registration.already', { code: existing.register_code }));
  const fileNames = await documentNames(deps, owner.id, form);
  const profile = await deps.profile(owner.id);
  if (!profile) throw forbidden('Please log in again.');

  const sequence = await deps.registrations.nextSequence();
  const at = now.toISOString();
  const registration: StoredRegistration = {
    ...form,
    owner_id: owner.id,
    owner_email: owner.email,
    sequence,
    register_code: registerCode(sequence),
    register_status: needsReview(form.regiatration_type) ? REGISTER_STATUS.inReview : REGISTER_STATUS.none,
    period,
    fees: registrationFee(form, period),
    // Money (cost-detail.ts): nothing paid yet; a confirmed payment moves these to 2.
    pay_status: PAY_STATUS.unpaid,
    repast_status: PAY_STATUS.unpaid,
    created_at: at,
    updated_at: at,
  };
  const summary = summaryOf(registration, fileNames);
  const personal = {
    first_name: form.first_name,
    middle_initial: form.middle_initial,
    last_name: form.last_name,
    nick_name: form.nick_name,
    occupation: form.occupation,
    organization: form.organization,
    country: form.country,
    mobile: form.mobile,
  };
  const fields = {
    ...personal,
    ...summary,
    dinner_fee: dinnerTotal(registration),
    status: profile.status === STATUS.activated ? STATUS.profileComplete : profile.status,
    updated_at: at,
  };
  const audit = auditEntry({
    action: 'registration.submitted',
    actor: delegateActor(owner.id, owner.email),
    at: now,
    object: { type: 'registration', id: owner.id },
    before: {},
    after: {
      register_code: registration.register_code,
      regiatration_type: registration.regiatration_type,
      register_status: registration.register_status,
      period,
      register_fee: registration.fees.total,
      accompanying_persons: registration.accompany.length,
      group_members: registration.groups.length,
    },
  });
  const stored = await deps.registrations.create(registration, { fields, names: { before: accountNameKeys(profile), after: accountNameKeys({ ...profile, ...personal }) } }, audit);
  if (stored === 'account-deleting') throw conflict(deletionLeaseMessages.delegate, { reason: ACCOUNT_DELETING });
  if (stored === 'exists') {
    const winner = await deps.registrations.get(owner.id);
    throw conflict(text('api.registration.already', { code: winner?.register_code ?? '' }));
  }
  return { message: registerMessages.registered, data: { ...summary, register_fee: summary.register_fee / 100, period } };
}
