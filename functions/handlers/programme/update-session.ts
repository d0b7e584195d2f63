import { routes } from '#core/routes';
import { updateSession } from '#core/programme/edit-programme';
import { programmeItemParams, sessionBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/committee/programme/sessions/{id} { title, type, room_id, starts_at, ends_at, chairs, talks, boards, version }: the session changed; the draft again. */
export const handler = defineDelegateHandler(routes.updateProgrammeSession, { params: programmeItemParams, body: sessionBody }, async ({ auth, params, body, now }) =>
  replyWith(await updateSession(programmeDeps, committeeActor(auth), params.id, body, now)),
);
