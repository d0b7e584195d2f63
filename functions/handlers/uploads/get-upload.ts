import { routes } from '#core/routes';
import { fileIdSchema } from '#core/uploads/schemas';
import { getFile } from '#core/uploads/uploads';
import { uploadDeps } from '#wiring/uploads';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** A fresh download link for an own file (list links expire after minutes). */
export const handler = defineDelegateHandler(routes.getUpload, { params: fileIdSchema }, ({ auth, params }) =>
  getFile(uploadDeps(), auth.userId, params.id),
);
