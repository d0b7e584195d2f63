import { routes } from '#core/routes';
import { registerTypeFees } from '#core/domain/legacy-fees';
import { defineHandler } from '#lib/http/handler';

export const handler = defineHandler(routes.getRegisterTypeFee, {}, async ({ now }) => registerTypeFees(now));
