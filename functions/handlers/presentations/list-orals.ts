import { routes } from '#core/routes';
import { listUploadsHandler } from '#lib/http/upload-handlers';

export const handler = listUploadsHandler(routes.listOrals, 'oral');
