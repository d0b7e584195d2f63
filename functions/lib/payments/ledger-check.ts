/**
 * The reconciliation, wired: every order with its money (one Scan, storage/money-scan.ts) against
 * the money invariants and Stripe (core/payments/reconcile.ts), every booked bank statement line
 * against the others (no transfer booked from two lines, core/office/line-identity.ts), then
 * Stripe's webhook endpoint for the portal. One piece for both callers: `npm run reconcile` (scripts/reconcile.ts) and the
 * office's reconciliation job (the runOfficeJob worker, core/office/jobs.ts). It reads the whole
 * table and calls Stripe per card payment, so no API request runs it.
 */
import type Stripe from 'stripe';
import { API_BASE } from '#core/routes';
import { reconcileAll, type LedgerCheck } from '#core/payments/reconcile';
import { allOrdersWithMoney, allStatementLines } from '#storage/money-scan';
import { transfersBookedTwice } from '#core/office/line-identity';
import { now } from '../clock';
import { stripeGateway } from './stripe-gateway';
import { stripeClient, STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from './stripe-client';

export const WEBHOOK_NOT_CHECKED = 'webhook endpoint not checked: the provider has no webhook_endpoints API (the local Stripe)';

/** The ledger against itself and Stripe; with `webhook`, also Stripe's webhook endpoint. */
export async function checkLedger({ webhook = true }: { webhook?: boolean } = {}): Promise<LedgerCheck> {
  const orders = await allOrdersWithMoney({ documents: true });
  // Each order's documents against its money too, and the money events that are late (core/payments/reconcile.ts).
  const result = await reconcileAll(stripeGateway, orders, now());
  // A bank transfer booked from two statement lines (the day's CSV and its CAMT.053, issue 29).
  const statements = await allStatementLines();
  result.disagreements.push(...transfersBookedTwice(statements.lines, (id) => statements.fileNames.get(id)));
  const disagreeing = new Set(result.disagreements.map((d) => d.order_id));
  const order_numbers = Object.fromEntries(orders.flatMap(({ order_id, order }) => (order && disagreeing.has(order_id) ? [[order_id, order.order_no]] : [])));
  const endpoint = webhook ? await checkWebhookEndpoint() : { lines: [], note: 'webhook endpoint not checked (--no-webhook)' };
  return { ...result, webhook: endpoint.lines, webhook_note: endpoint.note, order_numbers };
}

/**
 * Stripe's webhook endpoint for the portal: enabled, at the API version the portal pins, sending
 * every event the portal acts on (stripe-client.ts). The local Stripe has no webhook_endpoints API
 * (it answers 404): then nothing is checked and a note says so.
 */
async function checkWebhookEndpoint(): Promise<{ lines: string[]; note: string | null }> {
  const stripe = await stripeClient();
  const endpoints: Stripe.WebhookEndpoint[] = [];
  try {
    for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(endpoint);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    return { lines: [], note: WEBHOOK_NOT_CHECKED };
  }
  const webhookPath = `${API_BASE}/stripe/webhook`;
  const ours = endpoints.filter((e) => new URL(e.url).pathname === webhookPath);
  if (ours.length === 0)
    return { lines: [`no endpoint sends events to ${webhookPath} (${endpoints.length} endpoint(s): ${endpoints.map((e) => e.url).join(', ') || 'none'})`], note: null };
  const lines = ours.flatMap((e) => {
    const events = new Set(e.enabled_events);
    const missing = events.has('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((type) => !events.has(type));
    return [
      e.status !== 'enabled' && `${e.id} (${e.url}) is ${e.status}`,
      e.api_version !== STRIPE_API_VERSION && `${e.id} (${e.url}) sends events at API version ${e.api_version ?? "the account's default"}, the portal is written for ${STRIPE_API_VERSION}`,
      missing.length > 0 && `${e.id} (${e.url}) does not send ${missing.join(', ')}`,
    ].filter((line): line is string => typeof line === 'string');
  });
  return { lines, note: null };
}
