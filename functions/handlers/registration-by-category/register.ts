import { routes } from '#core/routes';
import { register } from '#core/registration-by-category/register';
import { registrationSchema } from '#core/registration-by-category/schemas';
import { registrationDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /register (form-encoded with bracket keys, multipart or JSON): the registration's number, type, fee and review state. */
export const handler = defineDelegateHandler(routes.register, { body: registrationSchema }, async ({ auth, body, now }) =>
  replyWith(await register(registrationDeps(), { id: auth.userId, email: auth.email }, body, now)),
);
