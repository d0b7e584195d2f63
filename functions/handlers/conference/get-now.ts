import { routes } from '#core/routes';
import { defineHandler } from '#lib/http/handler';

/** The server's clock, so pages check deadlines on server time (and on APP_NOW locally). */
export const handler = defineHandler(routes.getNow, {}, async ({ now }) => ({ now: now.toISOString() }));
