import { routes } from '#core/routes';
import { abstractOptions } from '#core/abstracts/abstracts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.getAbstractOptions, {}, async () => abstractOptions());
