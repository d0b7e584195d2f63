import { routes } from '#core/routes';
import { updateRepast } from '#core/registration-by-category/pay-registration';
import { updateRepastSchema } from '#core/registration-by-category/schemas';
import { registrationStore } from '#storage/registrations';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /update_repast (id, type, gala_dinner or working_lunch): one dinner of one person, while unpaid. */
export const handler = defineDelegateHandler(routes.updateRepast, { body: updateRepastSchema }, async ({ auth, body, now }) =>
  replyWith(await updateRepast({ registrations: registrationStore }, { id: auth.userId, email: auth.email }, body, now)),
);
