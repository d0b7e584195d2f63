import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { requestReconciliation } from '#core/office/reconciliations';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/reconciliations: records a reconciliation job (audited) and queues it; the worker runs the check. */
export const handler = defineDelegateHandler(routes.requestReconciliation, {}, async ({ auth, now }) => replyWith(await requestReconciliation(jobDeps, organiserActor(auth), now)));
