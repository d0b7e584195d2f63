import { routes } from '#core/routes';
import { confirmUploadHandler } from '../upload-handlers';

/** POST /register/voucher: confirms a payment voucher (jpg or png, 5 MB, checked by its bytes) before POST /upload_documents names it. */
export const handler = confirmUploadHandler(routes.confirmRegistrationVoucher, 'voucher');
