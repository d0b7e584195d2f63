import { routes } from '#core/routes';
import { createRoom } from '#core/programme/edit-programme';
import { roomBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/committee/programme/rooms { name, name_zh, capacity, version }: a new room; the draft again. */
export const handler = defineDelegateHandler(routes.createProgrammeRoom, { body: roomBody }, async ({ auth, body, now }) =>
  replyWith(await createRoom(programmeDeps, committeeActor(auth), body, now)),
);
