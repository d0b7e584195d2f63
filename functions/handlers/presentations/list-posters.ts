import { routes } from '#core/routes';
import { listUploadsHandler } from '../upload-handlers';

export const handler = listUploadsHandler(routes.listPosters, 'poster');
