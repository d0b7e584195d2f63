import { routes } from '#core/routes';
import { deleteRoom } from '#core/programme/edit-programme';
import { programmeItemParams, versionBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** DELETE /review/committee/programme/rooms/{id} { version }: the room taken out (its sessions are listed as without a room); the draft again. */
export const handler = defineDelegateHandler(routes.deleteProgrammeRoom, { params: programmeItemParams, body: versionBody }, async ({ auth, params, body, now }) =>
  replyWith(await deleteRoom(programmeDeps, committeeActor(auth), params.id, body, now)),
);
