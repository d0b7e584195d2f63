/**
 * The order list's query (web/src/features/registration/api.ts): the list read while the app
 * starts is the one the page opens with, so it is not asked for twice; a list a change marked out
 * of date, or one read earlier, is read again when the page opens.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersQuery } from '../../../web/src/features/registration/api';

describe('the order list on opening', () => {
  afterEach(() => vi.useRealTimers());

  const setUp = async () => {
    vi.useFakeTimers({ now: new Date('2024-08-01T02:00:00Z'), toFake: ['Date'] });
    const reads: number[] = [];
    const client = new QueryClient();
    const options = { ...ordersQuery, queryFn: async () => (reads.push(Date.now()), { items: [] }) } as unknown as typeof ordersQuery;
    await client.prefetchQuery(options);
    /** What opening the page does: a first observer of the query, as useQuery mounts. */
    const open = async () => {
      const observer = new QueryObserver(client, options);
      const stop = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
      stop();
    };
    return { client, reads, open };
  };

  it('opens with the list read a moment ago, without asking again', async () => {
    const { reads, open } = await setUp();
    vi.setSystemTime(Date.now() + 1500);
    await open();
    expect(reads).toHaveLength(1);
  });

  it('reads it again when it was read earlier, or a change marked it out of date', async () => {
    const { client, reads, open } = await setUp();
    vi.setSystemTime(Date.now() + 2500);
    await open();
    expect(reads).toHaveLength(2);
    await client.invalidateQueries({ queryKey: ordersQuery.queryKey });
    await open();
    expect(reads).toHaveLength(3);
  });
});
