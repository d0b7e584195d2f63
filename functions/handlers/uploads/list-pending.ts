import { routes } from '#core/routes';
import { listUnfinished } from '#core/uploads/uploads';
import { uploadDeps } from '#wiring/uploads';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /uploads/pending: uploads started but never finished, and abstract PDFs never saved with an abstract. */
export const handler = defineDelegateHandler(routes.listPendingUploads, {}, ({ auth, now }) => listUnfinished(uploadDeps(), auth.userId, now));
