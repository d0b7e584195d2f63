/**
 * The three handlers every upload purpose has (list, confirm, remove), made once: a purpose's
 * route module is then one line, e.g. `export const handler = confirmUploadHandler(routes.confirmPoster, 'poster')`.
 */
import type { RouteDef } from '#core/routes';
import { confirmSchema, fileIdSchema } from '#core/uploads/schemas';
import type { UploadPurpose } from '#core/uploads/rules';
import { confirmUpload, listFiles, removeFile } from '#core/uploads/uploads';
import { uploadDeps } from '#wiring/uploads';
import { defineDelegateHandler } from '#lib/http/delegate-handler';
import { replyWith } from '#lib/http/handler';

type DelegateRoute = RouteDef & { auth: 'delegate' };

export const listUploadsHandler = (route: DelegateRoute, purpose: UploadPurpose) =>
  defineDelegateHandler(route, {}, ({ auth }) => listFiles(uploadDeps(), auth.userId, purpose));

export const confirmUploadHandler = (route: DelegateRoute, purpose: UploadPurpose) =>
  defineDelegateHandler(route, { body: confirmSchema }, ({ auth, body, now }) => confirmUpload(uploadDeps(), auth.userId, purpose, body.key, now));

export const removeUploadHandler = (route: DelegateRoute, purpose?: UploadPurpose) =>
  defineDelegateHandler(route, { params: fileIdSchema }, async ({ auth, params, now }) =>
    replyWith(await removeFile(uploadDeps(), auth.userId, params.id, now, purpose)),
  );
