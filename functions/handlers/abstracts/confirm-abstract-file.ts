import { routes } from '#core/routes';
import { confirmUploadHandler } from '../upload-handlers';

/** POST /upload: confirms a PDF uploaded for an abstract (pending until the abstract is saved with it). */
export const handler = confirmUploadHandler(routes.confirmAbstractFile, 'abstract');
