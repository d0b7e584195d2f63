/**
 * The draft as this page read it, and every change made over its version. The draft is read again
 * only when the committee member asks or a change is refused as stale (409): a change saved by
 * another member is never taken in silently, so a save over it is refused and said, not lost.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, isCancelled } from '../../../lib/api-client';
import { useLocalise } from '../../../i18n/i18n';
import { draftKey, editorApi, type DraftView } from './api';

export const useDraftQuery = () =>
  useQuery({
    queryKey: draftKey,
    queryFn: editorApi.draft,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** A change's outcome: the server's message (in the page's language), and for a refusal its field messages. */
export type Outcome =
  | { ok: true; message: string; draft: DraftView }
  | { ok: false; message: string; stale: boolean; fieldErrors: Record<string, string> }
  | null;

export function useDraftChange() {
  const queryClient = useQueryClient();
  const localise = useLocalise();
  /** Runs `call` over the version this page holds; the draft it answers replaces the page's. Null when cancelled. */
  return async (
    call: (version: number) => Promise<{ data: DraftView; message: string }>,
  ): Promise<Outcome> => {
    const current = queryClient.getQueryData<DraftView>(draftKey);
    if (!current) return null;
    try {
      const { data, message } = await call(current.programme.version);
      queryClient.setQueryData(draftKey, data);
      return { ok: true, message, draft: data };
    } catch (error) {
      if (isCancelled(error)) return null;
      const api = error instanceof ApiError ? error : null;
      // A 409: another member changed the draft (or it cannot be done as it is now): read it again.
      if (api?.status === 409) await queryClient.invalidateQueries({ queryKey: draftKey });
      return {
        ok: false,
        message: localise(api ? api.message : 'request failure.'),
        stale: api?.status === 409,
        fieldErrors: api?.fieldErrors ?? {},
      };
    }
  };
}
