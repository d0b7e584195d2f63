import { routes } from '#core/routes';
import { confirmUploadHandler } from '#lib/http/upload-handlers';

export const handler = confirmUploadHandler(routes.confirmPoster, 'poster');
