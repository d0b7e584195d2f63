import { routes } from '#core/routes';
import { getDelegate } from '#core/office/delegates';
import { delegateParams } from '#core/office/schemas';
import { officePeopleDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/delegates/{id}: the account with its orders, abstracts, files (download links) and audit trail. */
export const handler = defineDelegateHandler(routes.getOfficeDelegate, { params: delegateParams }, async ({ params }) => getDelegate(officePeopleDeps, params.id));
