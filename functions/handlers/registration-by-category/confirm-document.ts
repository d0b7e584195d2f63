import { routes } from '#core/routes';
import { confirmUploadHandler } from '../upload-handlers';

/** POST /register/documents: confirms a supporting document (jpg, png or pdf, 5 MB, checked by its bytes) of a registration by category. */
export const handler = confirmUploadHandler(routes.confirmRegistrationDocument, 'document');
