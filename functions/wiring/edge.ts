/**
 * What CloudFront keeps of the public programme (core/programme/ports.ts EdgeCache, decision
 * 0069): an invalidation of the site's distribution, whose id the web stack wrote into the table.
 * Locally there is no distribution (and no edge): nothing is called. A failure is logged, never
 * the publication's: the routes' max-age still bounds how long a copy lives.
 */
import type { EdgeCache } from '#core/programme/ports';
import { loadEdge } from '#lib/aws/clients';
import { domainLog } from '#lib/logger';
import { distributionId } from '#storage/edge-config';

export function edgeCacheOf(deps: { distributionId(): Promise<string | undefined>; invalidate(id: string, paths: string[], reference: string): Promise<void>; log: Pick<typeof domainLog, 'error'> }): EdgeCache {
  return {
    async invalidate(paths, reference) {
      try {
        const id = await deps.distributionId();
        if (id) await deps.invalidate(id, paths, reference);
      } catch (error) {
        deps.log.error('The edge could not be invalidated: its copies expire by their max-age.', { error, paths, reference });
      }
    },
  };
}

export const edgeCache = edgeCacheOf({
  distributionId,
  invalidate: async (id, paths, reference) => (await loadEdge()).invalidate(id, paths, reference),
  log: domainLog,
});
