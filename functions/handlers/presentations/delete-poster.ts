import { routes } from '#core/routes';
import { removeUploadHandler } from '#lib/http/upload-handlers';

export const handler = removeUploadHandler(routes.deletePoster, 'poster');
