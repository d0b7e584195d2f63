import { routes } from '#core/routes';
import { createSession } from '#core/programme/edit-programme';
import { sessionBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/committee/programme/sessions { title, type, room_id, starts_at, ends_at, chairs, talks, boards, version }: a new session; the draft again. */
export const handler = defineDelegateHandler(routes.createProgrammeSession, { body: sessionBody }, async ({ auth, body, now }) =>
  replyWith(await createSession(programmeDeps, committeeActor(auth), body, now)),
);
