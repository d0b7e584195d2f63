import { routes } from '#core/routes';
import { getOfficeAbstract } from '#core/office/abstract-list';
import { officeAbstractParams } from '#core/office/schemas';
import { officePeopleDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/abstracts/{owner}/{id}: the abstract, its PDFs and its author's posters and slides (download links), its audit trail. */
export const handler = defineDelegateHandler(routes.getOfficeAbstract, { params: officeAbstractParams }, async ({ params }) => getOfficeAbstract(officePeopleDeps, params.owner, params.id));
