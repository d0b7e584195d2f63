/** The edge's invalidation: only where a distribution is known, and a failure is logged, never the publication's. */
import { describe, expect, it } from 'vitest';
import { edgeCacheOf } from '../../../functions/wiring/edge';

describe('edgeCacheOf', () => {
  it('invalidates the paths on the distribution the table names, with the change as its reference', async () => {
    const sent: unknown[] = [];
    const edge = edgeCacheOf({ distributionId: async () => 'E123', invalidate: async (...a) => void sent.push(a), log: { error: () => undefined } });
    await edge.invalidate(['/api/v1/admin/programme*'], 'programme-4');
    expect(sent).toEqual([['E123', ['/api/v1/admin/programme*'], 'programme-4']]);
  });

  it('calls nothing where no distribution is known (locally: there is no edge)', async () => {
    const sent: unknown[] = [];
    await edgeCacheOf({ distributionId: async () => undefined, invalidate: async (...a) => void sent.push(a), log: { error: () => undefined } }).invalidate(['/x'], 'r');
    expect(sent).toEqual([]);
  });

  it('logs a refused invalidation and lets the publication stand', async () => {
    const logged: string[] = [];
    const edge = edgeCacheOf({
      distributionId: async () => 'E123',
      invalidate: async () => {
        throw new Error('TooManyInvalidationsInProgress');
      },
      log: { error: (message) => void logged.push(message) },
    });
    await expect(edge.invalidate(['/x'], 'r')).resolves.toBeUndefined();
    expect(logged).toEqual(['The edge could not be invalidated: its copies expire by their max-age.']);
  });
});
