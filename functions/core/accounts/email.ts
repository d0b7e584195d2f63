/** An e-mail address as accounts are keyed by it: apart from schemas.ts, so that code that only compares addresses (the office's search) builds none of the account schemas. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
