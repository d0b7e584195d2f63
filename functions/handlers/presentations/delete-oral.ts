import { routes } from '#core/routes';
import { removeUploadHandler } from '../upload-handlers';

export const handler = removeUploadHandler(routes.deleteOral, 'oral');
