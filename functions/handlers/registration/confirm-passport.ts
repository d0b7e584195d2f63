import { routes } from '#core/routes';
import { confirmUploadHandler } from '../upload-handlers';

/** POST /registration/passport: confirms the front page of a passport (jpg, png or pdf, 5 MB) for an order's visa data. */
export const handler = confirmUploadHandler(routes.confirmPassport, 'passport');
