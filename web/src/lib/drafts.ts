/** Where form drafts live in this browser (localStorage keys `draft:<form>`); see use-draft.ts. */
export const DRAFT_PREFIX = 'draft:';

/** Removes every draft of this browser (logout). */
export function clearAllDrafts() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
}

/**
 * The fields of a draft that differ from the saved form: only these are an unsaved change worth
 * restoring (a draft equal to what was saved restores nothing and announces nothing).
 */
export function draftChanges<T extends Record<string, unknown>>(saved: Partial<T>, draft: Partial<T>): Partial<T> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
  return Object.fromEntries(Object.entries(draft).filter(([name, value]) => !same(value, saved[name]))) as Partial<T>;
}
