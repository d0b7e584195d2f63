import { routes } from '#core/routes';
import { confirmUploadHandler } from '../upload-handlers';

export const handler = confirmUploadHandler(routes.confirmOral, 'oral');
