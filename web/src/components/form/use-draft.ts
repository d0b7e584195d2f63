/**
 * Keeps what a delegate types in a form as a draft in this browser (localStorage), so a reload,
 * a crash or a failed submit never loses it. Cleared once the server accepted the form, when
 * the delegate discards it, and at logout (drafts may hold co-authors' details on a shared
 * computer). A 401 does not clear drafts: the delegate logs in again and finds the text.
 * Never use it for passwords.
 *
 * `base` names the saved version the draft was typed over (e.g. the abstract's updated_at): a
 * draft of an older version is not restored over a newer save made elsewhere.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DRAFT_PREFIX, draftChanges } from '../../lib/drafts';


interface Stored<T> {
  base: string | null;
  values: Partial<T>;
}

export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, name: string | null, base: string | null = null) {
  const [restored, setRestored] = useState(false);
  const key = name ? `${DRAFT_PREFIX}${name}` : null;
  const keyRef = useRef(key);
  keyRef.current = key;
  const baseRef = useRef(base);
  baseRef.current = base;
  /** The saved values the form was filled with (null until `restore` is called): the baseline. */
  const savedRef = useRef<Partial<T> | null>(null);

  useEffect(() => {
    if (!key) return;
    const sub = form.watch((values) => {
      if (!savedRef.current) return; // still filling the form: not an edit
      // Only what differs from the saved form is a draft; undoing every change removes it.
      const changes = draftChanges(savedRef.current, values as Partial<T>);
      if (Object.keys(changes).length) {
        localStorage.setItem(key, JSON.stringify({ base: baseRef.current, values: changes } satisfies Stored<T>));
      } else {
        localStorage.removeItem(key);
      }
    });
    return () => sub.unsubscribe();
  }, [form, key]);

  return {
    restored,
    /**
     * Call once when filling the form with the `saved` values: answers the draft's changes to them,
     * if any and typed over the current version; only then is `restored` true.
     */
    restore(saved: Partial<T>): Partial<T> {
      savedRef.current = saved;
      if (!keyRef.current) return {};
      const raw = localStorage.getItem(keyRef.current);
      if (!raw) return {};
      try {
        const stored = JSON.parse(raw) as Stored<T>;
        const changes = draftChanges(saved, stored.values ?? {});
        if ((stored.base ?? null) !== baseRef.current || !Object.keys(changes).length) {
          localStorage.removeItem(keyRef.current); // typed over a version that has changed since, or nothing unsaved
          return {};
        }
        setRestored(true);
        return changes;
      } catch {
        return {};
      }
    },
    /**
     * The draft's changes to `saved`, without restoring them and whatever version they were typed
     * over: for showing, apart from the form, text that can no longer be saved (the deadline passed).
     */
    peek(saved: Partial<T>): Partial<T> {
      if (!keyRef.current) return {};
      try {
        const stored = JSON.parse(localStorage.getItem(keyRef.current) ?? 'null') as Stored<T> | null;
        return stored ? draftChanges(saved, stored.values ?? {}) : {};
      } catch {
        return {};
      }
    },
    /** Stops recording edits and keeps the stored draft as it is (the form is about to show something else). */
    freeze() {
      savedRef.current = null;
    },
    clear() {
      savedRef.current = null; // the form is saved or discarded: nothing typed from now on is a draft
      if (keyRef.current) localStorage.removeItem(keyRef.current);
      setRestored(false);
    },
  };
}
