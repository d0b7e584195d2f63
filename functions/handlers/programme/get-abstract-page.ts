import { routes } from '#core/routes';
import { abstractForPage } from '#core/programme/abstract-pages';
import { programmePageParams } from '#core/programme/schemas';
import { programmeDeps } from '#wiring/programme';
import { FileReply, defineHandler } from '#lib/http/handler';
import { abstractPageHtml } from '#lib/site/server-pages';

/**
 * GET /programme/abstracts/{id}/page: the page of /program/abstracts/{id} (and /zh/...) with its
 * text in the HTML, in the request's language (decision 0072); the not-found page with 404 for an
 * abstract the published programme does not hold.
 */
export const handler = defineHandler(routes.getProgrammeAbstractPage, { params: programmePageParams }, async ({ params, lang, siteOrigin }) => {
  const entry = await abstractForPage(programmeDeps.store, params.id);
  return new FileReply(await abstractPageHtml(params.id, lang, entry, siteOrigin), 'text/html; charset=utf-8', undefined, entry ? 200 : 404);
});
