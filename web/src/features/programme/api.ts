/** The published programme (GET /programme): one item for everyone, no login. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { PublicProgramme } from '#core/programme/public-programme';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
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

/** A placed abstract's own page (GET /programme/abstracts/{id}); null when the published programme does not hold it (404). */
export const programmeAbstractQuery = (id: string) =>
  queryOptions({
    queryKey: ['programme', 'abstract', id] as const,
    queryFn: async (): Promise<PublishedAbstract | null> => {
      try {
        return await callApi<PublishedAbstract>(routes.getProgrammeAbstract, { params: { id } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
/** The signed-in delegate's presentations (GET /account/presentations). */
export const myPresentationsQuery = queryOptions({
  queryKey: ['programme', 'my-presentations'] as const,
  queryFn: () => callApi<MyPresentations>(routes.getMyPresentations),
});

export interface ProgrammeStatus {
  published: boolean;
  number?: number;
  book: { publication: number; bytes: number; published_at: string } | null;
}
/** Whether a programme and an abstract book are published (GET /programme/status: small, cached). */
export const programmeStatusQuery = queryOptions({
  queryKey: ['programme', 'status'] as const,
  queryFn: () => callApi<ProgrammeStatus>(routes.getProgrammeStatus),
  staleTime: 5 * 60_000,
});
