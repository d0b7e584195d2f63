import { routes } from '#core/routes';
import { presignSchema } from '#core/uploads/schemas';
import { requestUpload } from '#core/uploads/uploads';
import { uploadDeps } from '#wiring/uploads';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.presignUpload, { body: presignSchema }, ({ auth, body, now }) =>
  requestUpload(uploadDeps(), auth.userId, body, now),
);
