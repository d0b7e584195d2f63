/** The published programme (GET /programme): one item for everyone, no login. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { PublicProgramme } from '#core/programme/public-programme';
import type { MyPresentations } from '#core/programme/my-presentations';
import { ApiError, callApi } from '../../lib/api-client';

export const programmeKey = ['programme', 'published'] as const;

/** Not published yet is an answer (404), not a failure to retry. */
export const programmeQuery = queryOptions({
  queryKey: programmeKey,
  queryFn: async (): Promise<PublicProgramme | null> => {
    try {
      return await callApi<PublicProgramme>(routes.getProgramme);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const prefetchProgramme = (queryClient: QueryClient) => void queryClient.prefetchQuery(programmeQuery);

/** The signed-in delegate's presentations (GET /programme/my-presentations). */
export const myPresentationsQuery = queryOptions({
  queryKey: ['programme', 'my-presentations'] as const,
  queryFn: () => callApi<MyPresentations>(routes.getMyPresentations),
});
