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

const PREFIX = 'draft:';

interface Stored<T> {
  base: string | null;
  values: Partial<T>;
}

/** Removes every draft of this browser (logout). */
export function clearAllDrafts() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}

export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, name: string | null, base: string | null = null) {
  const [restored, setRestored] = useState(false);
  const key = name ? `${PREFIX}${name}` : null;
  const keyRef = useRef(key);
  keyRef.current = key;
  const baseRef = useRef(base);
  baseRef.current = base;

  useEffect(() => {
    if (!key) return;
    const sub = form.watch((values) => {
      // Only what differs from the saved form is a draft (filling the form is not an edit).
      if (JSON.stringify(values) !== JSON.stringify(form.formState.defaultValues)) {
        localStorage.setItem(key, JSON.stringify({ base: baseRef.current, values: values as Partial<T> } satisfies Stored<T>));
      }
    });
    return () => sub.unsubscribe();
  }, [form, key]);

  return {
    restored,
    /** The saved draft, if any and typed over the current version (call once when filling the form). */
    restore(): Partial<T> {
      if (!keyRef.current) return {};
      const raw = localStorage.getItem(keyRef.current);
      if (!raw) return {};
      try {
        const stored = JSON.parse(raw) as Stored<T>;
        if ((stored.base ?? null) !== baseRef.current) {
          localStorage.removeItem(keyRef.current); // typed over a version that has changed since
          return {};
        }
        setRestored(true);
        return stored.values ?? {};
      } catch {
        return {};
      }
    },
    clear() {
      if (keyRef.current) localStorage.removeItem(keyRef.current);
      setRestored(false);
    },
  };
}
