/**
 * Valid calls, one or more per route, that the generators start from and mutate one field at a
 * time ("nearly valid"): such requests pass the schema and reach the rules. Keyed by route id;
 * a route without an entry is fuzzed from `{}` and without query or path seeds (the figures list
 * such routes, so a new route shows up there until it gets a seed). Values that depend on the
 * portal are `Ref`s, resolved when the request is sent.
 */
import type { RouteId } from '#core/routes';
import { uploadPurposeIds } from '#core/uploads/rules';
import { Ref, type Value } from './model';
import { nullObject } from './values';
import { author, validAbstract } from '../support/bodies';

export interface Seed {
  body?: Value;
  query?: [string, Value][];
  /** Path parameter -> what a valid call puts there. */
  params?: Record<string, Ref>;
}

const own = (name: string) => new Ref(`own.${name}` as never);

/** The valid abstract every kind of test starts from (test/support/bodies.ts), with these files. */
export const abstractBody = (files: Value[] = []): Value => validAbstract({ upload_files: files }) as Value;

const presenterBody: Value = { ...(abstractBody() as object), presenter_abstract: false, presenter_infos: [author(3)] };

const profile: Value = {
  first_name: 'Wei',
  middle_initial: 'Q',
  last_name: 'Zhang',
  nick_name: 'wz',
  occupation: 'Registrar',
  organization: 'Beijing Cancer Registry',
  country: 'China',
  mobile: '+86 10 0000 0000',
};

const pw = own('password');

export const seeds: Partial<Record<RouteId, Seed[]>> = {
  checkEmail: [{ query: [['email', own('email')]] }, { query: [['email', new Ref('fresh.email')]] }],
  emailRegister: [{ body: { email: new Ref('fresh.email'), password: 'fuzz password 1', confirm: 'fuzz password 1' } }],
  resendActivation: [{ body: { email: own('email') } }],
  activate: [{ body: { token: 'A'.repeat(43) } }],
  login: [{ body: { email: own('email'), password: pw } }],
  logout: [{ body: {} }],
  updateProfile: [{ body: profile }],
  // The new password is the current one: a success changes nothing but ends the sessions.
  changePassword: [{ body: { current_password: pw, new_password: pw, confirm_password: pw } }],
  forgotPassword: [{ body: { email: own('email'), url: 'http://localhost:3000/common/forgot' } }],
  resetPassword: [{ body: { token: own('resetToken'), new_password: pw, confirm_password: pw } }],
  presignUpload: uploadPurposeIds.map((purpose) => ({
    body: { purpose, file_name: purpose === 'abstract' ? 'abstract.pdf' : purpose === 'passport' ? 'passport.jpg' : 'slides.pptx', size: 4096 },
  })),
  getUpload: [{ params: { id: own('fileId') } }],
  deleteUpload: [{ params: { id: own('fileId') } }],
  createAbstract: [{ body: abstractBody() }, { body: abstractBody([own('pendingFileId')]) }, { body: presenterBody }],
  getAbstract: [{ params: { id: own('abstractId') } }],
  updateAbstract: [
    { params: { id: own('abstractId') }, body: abstractBody() },
    { params: { id: own('abstractId') }, body: abstractBody([own('pendingFileId')]), query: [['base_updated_at', own('updatedAt')]] },
  ],
  deleteAbstract: [{ params: { id: own('abstractId') } }],
  confirmAbstractFile: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  confirmPoster: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  deletePoster: [{ params: { id: own('fileId') } }],
  confirmOral: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  deleteOral: [{ params: { id: own('fileId') } }],
};

/**
 * Routes whose valid bodies cost a password hash (scrypt, 100-400 ms of a core): they get few
 * seed-based bodies, so that the run stays within its time and the other routes keep their share.
 */
export const hashesPasswords: ReadonlySet<RouteId> = new Set<RouteId>(['login', 'emailRegister', 'changePassword', 'resetPassword']);

/** Seeds as null-prototype objects, so that mutations may add `__proto__` as a plain key. */
export function toNullProto(value: Value): Value {
  if (Array.isArray(value)) return value.map(toNullProto);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return nullObject(Object.entries(value).map(([k, v]) => [k, toNullProto(v as Value)]));
  }
  return value;
}

/** Every field name the seeds use: targets of prototype writes (`__proto__[email]`). */
export function seedFieldNames(): string[] {
  const names = new Set<string>(['api_token', 'id', 'key', 'email', 'status']);
  const walk = (v: Value) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !(v instanceof Ref)) {
      for (const [k, inner] of Object.entries(v)) {
        names.add(k);
        walk(inner as Value);
      }
    }
  };
  for (const list of Object.values(seeds)) for (const s of list ?? []) walk(s.body ?? null);
  return [...names];
}
