/**
 * Versions of records that are versioned by their `updated_at` (registration orders): a new
 * version is always later than the one it replaces, even within one millisecond or on a clock
 * pinned behind it, so "written over the version read" and "every write moves it" both hold.
 */
export const nextVersion = (base: string, at: Date) => new Date(Math.max(at.getTime(), Date.parse(base) + 1)).toISOString();
