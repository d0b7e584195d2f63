/**
 * The route table: every API route of the product, once. The CDK api stack creates one Lambda
 * per entry, the local server mounts the same entries, and the web client builds its calls from
 * them. Nothing else lists routes.
 *
 * - `path` is relative to `API_BASE`; `{name}` marks a path parameter.
 * - `handler` is the module under functions/handlers/ that exports `handler`.
 * - `auth`: `delegate` routes need a valid api_token (query, body or form field, or
 *   `Authorization: Bearer`); `public` routes need none.
 * - `grants` names the resources the function may touch (least privilege in CDK).
 */
export const API_BASE = '/api/v1/admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteAuth = 'public' | 'delegate';
export type RouteGrant = 'table:read' | 'table:write' | 'uploads:read' | 'uploads:write' | 'mail:send';

export interface RouteDef {
  method: HttpMethod;
  path: `/${string}`;
  handler: string;
  auth: RouteAuth;
  grants: readonly RouteGrant[];
}

export const routes = {
  getConference: {
    method: 'GET',
    path: '/conference',
    handler: 'conference/get-conference',
    auth: 'public',
    grants: [],
  },
  getNow: { method: 'GET', path: '/now', handler: 'conference/get-now', auth: 'public', grants: [] },
  getRegisterTypeFee: {
    method: 'GET',
    path: '/register_type_fee',
    handler: 'registration/get-register-type-fee',
    auth: 'public',
    grants: [],
  },
  // Accounts (spec sections 4, 5, 7)
  checkEmail: { method: 'GET', path: '/check_email', handler: 'accounts/check-email', auth: 'public', grants: ['table:write'] },
  emailRegister: {
    method: 'POST',
    path: '/email_register',
    handler: 'accounts/email-register',
    auth: 'public',
    grants: ['table:write', 'mail:send'],
  },
  resendActivation: { method: 'POST', path: '/send', handler: 'accounts/resend-activation', auth: 'public', grants: ['table:write', 'mail:send'] },
  activate: { method: 'POST', path: '/activate', handler: 'accounts/activate', auth: 'public', grants: ['table:write'] },
  login: { method: 'POST', path: '/login', handler: 'accounts/login', auth: 'public', grants: ['table:write'] },
  logout: { method: 'POST', path: '/logout', handler: 'accounts/logout', auth: 'delegate', grants: ['table:write'] },
  getPersonInfo: {
    method: 'GET',
    path: '/get_person_info',
    handler: 'accounts/get-person-info',
    auth: 'delegate',
    grants: ['table:read'],
  },
  updateProfile: { method: 'POST', path: '/update', handler: 'accounts/update-profile', auth: 'delegate', grants: ['table:write'] },
  changePassword: {
    method: 'POST',
    path: '/change_password',
    handler: 'accounts/change-password',
    auth: 'delegate',
    grants: ['table:write'],
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgot_password',
    handler: 'accounts/forgot-password',
    auth: 'public',
    grants: ['table:write', 'mail:send'],
  },
  resetPassword: { method: 'POST', path: '/reset_password', handler: 'accounts/reset-password', auth: 'public', grants: ['table:write'] },

  // Uploads: one mechanism for every file (presign -> PUT straight to S3 -> the purpose's confirmation)
  presignUpload: { method: 'POST', path: '/uploads/presign', handler: 'uploads/presign-upload', auth: 'delegate', grants: ['table:read', 'uploads:write'] },
  getUpload: { method: 'GET', path: '/uploads/{id}', handler: 'uploads/get-upload', auth: 'delegate', grants: ['table:read', 'uploads:read'] },
  deleteUpload: { method: 'DELETE', path: '/uploads/{id}', handler: 'uploads/delete-upload', auth: 'delegate', grants: ['table:write', 'uploads:write'] },

  // Abstracts (spec sections 3-5, 7)
  getAbstractOptions: { method: 'GET', path: '/contribute/options', handler: 'abstracts/get-options', auth: 'delegate', grants: [] },
  listAbstracts: { method: 'GET', path: '/contribute', handler: 'abstracts/list-abstracts', auth: 'delegate', grants: ['table:read'] },
  createAbstract: {
    method: 'POST',
    path: '/contribute',
    handler: 'abstracts/create-abstract',
    auth: 'delegate',
    grants: ['table:write', 'mail:send'],
  },
  getAbstract: { method: 'GET', path: '/contribute/{id}', handler: 'abstracts/get-abstract', auth: 'delegate', grants: ['table:read', 'uploads:read'] },
  updateAbstract: {
    method: 'PUT',
    path: '/contribute/{id}',
    handler: 'abstracts/update-abstract',
    auth: 'delegate',
    grants: ['table:write', 'uploads:write', 'mail:send'],
  },
  deleteAbstract: {
    method: 'DELETE',
    path: '/contribute/{id}',
    handler: 'abstracts/delete-abstract',
    auth: 'delegate',
    grants: ['table:write', 'uploads:write'],
  },
  confirmAbstractFile: { method: 'POST', path: '/upload', handler: 'abstracts/confirm-abstract-file', auth: 'delegate', grants: ['table:write', 'uploads:write'] },

  // Poster and oral presentation files
  listPosters: { method: 'GET', path: '/poster/upload', handler: 'presentations/list-posters', auth: 'delegate', grants: ['table:read', 'uploads:read'] },
  confirmPoster: { method: 'POST', path: '/poster/upload', handler: 'presentations/confirm-poster', auth: 'delegate', grants: ['table:write', 'uploads:write'] },
  deletePoster: {
    method: 'DELETE',
    path: '/poster/upload/{id}',
    handler: 'presentations/delete-poster',
    auth: 'delegate',
    grants: ['table:write', 'uploads:write'],
  },
  listOrals: { method: 'GET', path: '/oral/upload', handler: 'presentations/list-orals', auth: 'delegate', grants: ['table:read', 'uploads:read'] },
  confirmOral: { method: 'POST', path: '/oral/upload', handler: 'presentations/confirm-oral', auth: 'delegate', grants: ['table:write', 'uploads:write'] },
  deleteOral: { method: 'DELETE', path: '/oral/upload/{id}', handler: 'presentations/delete-oral', auth: 'delegate', grants: ['table:write', 'uploads:write'] },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export type Route = (typeof routes)[RouteId];

export const routeList: ReadonlyArray<RouteDef & { id: RouteId }> = Object.entries(routes).map(
  ([id, def]) => ({ id: id as RouteId, ...(def as RouteDef) }),
);

/** `/contribute/{id}` with `{ id: '7' }` -> `/contribute/7` (values are URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against a route path; answers the path parameters or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = routePath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  const m = new RegExp(`^${pattern}$`).exec(actual);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
}
