/** Poster and oral files, built from the route table. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import { callApi } from '../../lib/api-client';
import type { UploadedFile } from '../../components/upload/upload-file';

export type PresentationPurpose = 'poster' | 'oral';

const routesOf = {
  poster: { list: routes.listPosters, remove: routes.deletePoster },
  oral: { list: routes.listOrals, remove: routes.deleteOral },
} as const;

export const presentationFilesKey = (purpose: PresentationPurpose) => ['presentation-files', purpose] as const;

export function usePresentationFiles(purpose: PresentationPurpose) {
  return useQuery({
    queryKey: presentationFilesKey(purpose),
    queryFn: () => callApi<UploadedFile[]>(routesOf[purpose].list),
  });
}

export const removePresentationFile = (purpose: PresentationPurpose, id: string) =>
  callApi<null>(routesOf[purpose].remove, { params: { id }, concurrent: true });
