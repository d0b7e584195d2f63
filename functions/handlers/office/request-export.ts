import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { exportRequestSchema, requestExport } from '#core/office/jobs';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/exports { kind }: records an export job (audited) and queues it; the worker makes the CSV. */
export const handler = defineDelegateHandler(routes.requestExport, { body: exportRequestSchema }, async ({ auth, body, now }) =>
  replyWith(await requestExport(jobDeps, organiserActor(auth), body.kind, now)),
);
