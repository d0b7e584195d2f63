/**
 * Files on their way up: progress, cancel, failure. A file leaves this list when its
 * confirmation answered 200 (spec: only those stay), handed to `onUploaded`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadPurpose } from '#core/uploads/rules';
import { isCancelled } from '../../lib/api-client';
import { uploadFailed, uploadFile, type UploadedFile } from './upload-file';
import { useLocalise } from '../../i18n/i18n';

export interface UploadTask {
  id: string;
  name: string;
  size: number;
  loaded: number;
  status: 'uploading' | 'checking' | 'failed';
  error?: string;
}

export function useUploads(
  purpose: UploadPurpose,
  handlers: { onUploaded: (file: UploadedFile) => void; onFailed?: (name: string, message: string) => void },
  /** A poster or slides: the accepted abstract the files present (read when each upload starts). */
  abstractId?: string,
) {
  const abstractRef = useRef(abstractId);
  abstractRef.current = abstractId;
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  // The browser's own failures are English (upload-file.ts); the API's come in the page's language already.
  const localise = useLocalise();
  const localiseRef = useRef(localise);
  localiseRef.current = localise;

  // Leaving the page cancels what is still uploading.
  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  // Closing or reloading the tab mid-upload asks first (the browser shows its own words).
  const uploading = tasks.some((t) => t.status !== 'failed');
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const update = (id: string, change: Partial<UploadTask>) => setTasks((all) => all.map((t) => (t.id === id ? { ...t, ...change } : t)));
  const drop = (id: string) => setTasks((all) => all.filter((t) => t.id !== id));

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setTasks((all) => [...all, { id, name: file.name, size: file.size, loaded: 0, status: 'uploading' }]);
        let last = 0;
        uploadFile(purpose, file, {
          signal: controller.signal,
          abstractId: abstractRef.current,
          onProgress: (loaded) => {
            // A render per percent is plenty, even for 100 MB.
            if (loaded - last >= file.size / 100 || loaded === file.size) {
              last = loaded;
              update(id, { loaded });
            }
          },
          onConfirming: () => update(id, { loaded: file.size, status: 'checking' }),
        })
          .then((uploaded) => {
            drop(id);
            handlersRef.current.onUploaded(uploaded);
          })
          .catch((error: unknown) => {
            if (isCancelled(error)) return drop(id);
            const message = localiseRef.current(error instanceof Error && error.message ? error.message : uploadFailed);
            update(id, { status: 'failed', error: message });
            handlersRef.current.onFailed?.(file.name, message);
          })
          .finally(() => controllers.current.delete(id));
      }
    },
    [purpose],
  );

  return {
    tasks,
    /** Files counted against the limit: those still uploading or being checked. */
    active: tasks.filter((t) => t.status !== 'failed').length,
    start,
    cancel: (id: string) => controllers.current.get(id)?.abort(),
    dismiss: drop,
  };
}
