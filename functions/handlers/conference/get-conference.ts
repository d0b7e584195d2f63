import { routes } from '#core/routes';
import { conferenceFacts } from '#core/domain/conference-facts';
import { defineHandler } from '#lib/http/handler';

export const handler = defineHandler(routes.getConference, {}, async () => conferenceFacts());
