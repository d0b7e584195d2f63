import { routes } from '#core/routes';
import { updateRoom } from '#core/programme/edit-programme';
import { programmeItemParams, roomBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/committee/programme/rooms/{id} { name, name_zh, capacity, version }: the room changed; the draft again. */
export const handler = defineDelegateHandler(routes.updateProgrammeRoom, { params: programmeItemParams, body: roomBody }, async ({ auth, params, body, now }) =>
  replyWith(await updateRoom(programmeDeps, committeeActor(auth), params.id, body, now)),
);
