/**
 * What DynamoDB answered while the meter ran, counted by a middleware on the functions' own
 * document client (functions/lib/aws/clients.ts): items read (ScannedCount of a Query or Scan, the
 * item of a GetItem, the items of a BatchGetItem) and round trips. The benches reset it before a
 * request and read it after, one request at a time (the office's in a child process, the review's
 * beside the local portal, whose functions run in the bench's own process).
 *
 * Load it only once the settings are in place (the client reads them when first made).
 */
import { documentClient } from '../functions/lib/aws/clients';

export const meter = { items: 0, calls: 0 };

/** While `on`: every call, when it was answered (performance.now()), its command and, for a transaction, how many items it wrote. */
export const trace: { on: boolean; calls: { at: number; command: string; writes: number }[] } = { on: false, calls: [] };

let metered = false;
export function meterDynamo() {
  if (metered) return;
  metered = true;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const out = result.output as { ScannedCount?: number; Item?: unknown; Responses?: unknown };
      meter.calls += 1;
      if (trace.on) {
        const command = (context as { commandName?: string }).commandName ?? 'UnknownCommand';
        trace.calls.push({ at: performance.now(), command, writes: (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0 });
      }
      if (typeof out.ScannedCount === 'number') meter.items += out.ScannedCount;
      else if ('Item' in out) meter.items += out.Item ? 1 : 0;
      else if (out.Responses) meter.items += Object.values(out.Responses as Record<string, unknown[]>).reduce((n, r) => n + (Array.isArray(r) ? r.length : 1), 0);
      return result;
    },
    { step: 'initialize', name: 'benchReadMeter' },
  );
}
