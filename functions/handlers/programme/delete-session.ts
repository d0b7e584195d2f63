import { routes } from '#core/routes';
import { deleteSession } from '#core/programme/edit-programme';
import { programmeItemParams, versionBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { programmeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** DELETE /review/committee/programme/sessions/{id} { version }: the session taken out with its talks and boards; the draft again. */
export const handler = defineDelegateHandler(routes.deleteProgrammeSession, { params: programmeItemParams, body: versionBody }, async ({ auth, params, body, now }) =>
  replyWith(await deleteSession(programmeDeps, committeeActor(auth), params.id, body, now)),
);
