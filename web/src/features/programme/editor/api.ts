/** The programme committee's calls (core/programme/edit-programme.ts, publish-programme.ts), built from the route table. */
import { routes } from '#core/routes';
import type { DraftView } from '#core/programme/edit-programme';
import type { PublishedSummary, PublishedVersion } from '#core/programme/ports';
import type { RoomForm, SessionForm } from '#core/programme/schemas';
import type { Text } from '#core/i18n/messages';
import { callApi, callApiForMessage } from '../../../lib/api-client';

export type { DraftView };
export type Draft = DraftView['programme'];
export type DraftProblem = DraftView['problems'][number];

export const draftKey = ['programme', 'draft'] as const;
export const publicationsKey = ['programme', 'publications'] as const;
export const publicationKey = (number: number) => ['programme', 'publications', number] as const;

export interface Published {
  number: number;
  published_at: string;
  version: number;
  changes: Text[];
  mail: number;
}

export const editorApi = {
  draft: () => callApi<DraftView>(routes.getProgrammeDraft),
  createRoom: (body: RoomForm) => callApiForMessage<DraftView>(routes.createProgrammeRoom, { body }),
  updateRoom: (id: string, body: RoomForm) =>
    callApiForMessage<DraftView>(routes.updateProgrammeRoom, { params: { id }, body }),
  deleteRoom: (id: string, version: number) =>
    callApiForMessage<DraftView>(routes.deleteProgrammeRoom, { params: { id }, body: { version } }),
  createSession: (body: SessionForm) => callApiForMessage<DraftView>(routes.createProgrammeSession, { body }),
  updateSession: (id: string, body: SessionForm) =>
    callApiForMessage<DraftView>(routes.updateProgrammeSession, { params: { id }, body }),
  deleteSession: (id: string, version: number) =>
    callApiForMessage<DraftView>(routes.deleteProgrammeSession, { params: { id }, body: { version } }),
  numberBoards: (id: string, body: { version: number; add_unplaced: boolean }) =>
    callApiForMessage<DraftView>(routes.numberProgrammeBoards, { params: { id }, body }),
  publish: (version: number) => callApiForMessage<Published>(routes.publishProgramme, { body: { version } }),
  publications: () => callApi<{ items: PublishedSummary[] }>(routes.listProgrammePublications),
  publication: (number: number) =>
    callApi<PublishedVersion>(routes.getProgrammePublication, { params: { number } }),
};
