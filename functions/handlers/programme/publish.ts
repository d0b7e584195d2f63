import { routes } from '#core/routes';
import { publishProgramme } from '#core/programme/publish-programme';
import { versionBody } from '#core/programme/schemas';
import { committeeActor } from '#core/review/reviewing';
import { publishDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/committee/programme/publications { version }: the draft read published as the next version (409 with every problem when the checks find any). */
export const handler = defineDelegateHandler(routes.publishProgramme, { body: versionBody }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await publishProgramme(publishDeps, committeeActor(auth), body, now, siteOrigin)),
);
