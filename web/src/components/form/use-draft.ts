/**
 * Keeps what a delegate types in a form as a draft in this browser (localStorage), so a reload,
 * a crash or a failed submit never loses it. Cleared once the server accepted the form.
 * Never use it for passwords.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string | null) {
  const [restored, setRestored] = useState(false);
  const keyRef = useRef(key);
  keyRef.current = key;

  useEffect(() => {
    if (!key) return;
    const sub = form.watch((values) => {
      // Only what differs from the saved form is a draft (filling the form is not an edit).
      if (JSON.stringify(values) !== JSON.stringify(form.formState.defaultValues)) localStorage.setItem(key, JSON.stringify(values));
    });
    return () => sub.unsubscribe();
  }, [form, key]);

  return {
    restored,
    /** The saved draft, if any (call once when filling the form). */
    restore(): Partial<T> {
      if (!keyRef.current) return {};
      const raw = localStorage.getItem(keyRef.current);
      if (!raw) return {};
      try {
        setRestored(true);
        return JSON.parse(raw) as Partial<T>;
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
