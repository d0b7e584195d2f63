/** The congress facts (dates, deadlines, fees, limits) from GET /conference, cached for the visit. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { ConferenceFacts } from '#core/domain/conference-facts';
import { callApi } from './api-client';

export const conferenceQuery = {
  queryKey: ['conference'] as const,
  queryFn: () => callApi<ConferenceFacts>(routes.getConference),
  staleTime: 10 * 60_000,
};

export function useConference() {
  return useQuery(conferenceQuery);
}
