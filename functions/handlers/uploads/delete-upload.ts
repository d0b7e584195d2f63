import { routes } from '#core/routes';
import { removeUploadHandler } from '../upload-handlers';

/** DELETE /uploads/{id}: removes an own file of any purpose that no saved abstract holds. */
export const handler = removeUploadHandler(routes.deleteUpload);
