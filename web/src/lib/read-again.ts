/**
 * Reads queries again after a write the server has answered. `invalidateQueries` alone is not
 * enough while a query's first load is still in flight: TanStack Query then hands back that
 * request (it cancels an in-flight fetch only when the query already has data), and that request
 * may have been read before the write. A return from checkout met it: "Payment received" above a
 * row still saying Unpaid. Cancelling first makes the read start after the write.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export async function readAgain(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(
    queryKeys.map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
