import { routes } from '#core/routes';
import { numberSessionBoards } from '#core/programme/edit-programme';
import { boardsBody, programmeItemParams } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/committee/programme/sessions/{id}/boards { version, add_unplaced }: the poster session's boards numbered (boards.ts); the draft again. */
export const handler = defineDelegateHandler(routes.numberProgrammeBoards, { params: programmeItemParams, body: boardsBody }, async ({ auth, params, body, now }) =>
  replyWith(await numberSessionBoards(programmeDeps, committeeActor(auth), params.id, body, now)),
);
