/** The abstract calls, built from the route table, and the per-second deadline check. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { abstractOptions, getAbstract, listAbstracts } from '#core/abstracts/abstracts';
import type { AbstractInput } from '#core/abstracts/schemas';
import { abstractsOpen } from '#core/abstracts/deadline';
import { timing } from '#core/config/conference';
import { callApi } from '../../lib/api-client';
import { useServerTime } from '../../lib/clock';

/** The answers as the domain makes them (type-only imports: nothing of the server is bundled). */
export type AbstractOptions = ReturnType<typeof abstractOptions>;
export type AbstractListItem = Awaited<ReturnType<typeof listAbstracts>>['items'][number];
export type AbstractDetail = Awaited<ReturnType<typeof getAbstract>>;

/** A save that has not answered in a minute is reported, so the button never spins for ever. */
const SAVE_TIMEOUT_MS = 60_000;

export const abstractKeys = {
  options: ['abstract-options'] as const,
  list: ['abstracts'] as const,
  detail: (id: string) => ['abstracts', id] as const,
};

export const abstractApi = {
  options: () => callApi<AbstractOptions>(routes.getAbstractOptions),
  list: () => callApi<Awaited<ReturnType<typeof listAbstracts>>>(routes.listAbstracts),
  get: (id: string) => callApi<AbstractDetail>(routes.getAbstract, { params: { id } }),
  create: (body: AbstractInput) => callApi<{ id: string; confirmation_mail_sent: boolean }>(routes.createAbstract, { body, timeoutMs: SAVE_TIMEOUT_MS }),
  /** `base` is the updated_at the form was opened on: the server refuses to save over a newer version. */
  update: (id: string, body: AbstractInput, base?: string) =>
    callApi<{ id: string; confirmation_mail_sent: boolean }>(routes.updateAbstract, { params: { id }, query: { base_updated_at: base }, body, timeoutMs: SAVE_TIMEOUT_MS }),
  remove: (id: string) => callApi<null>(routes.deleteAbstract, { params: { id }, concurrent: true }),
  /** A PDF uploaded in the form but not saved with the abstract yet. */
  removePendingFile: (id: string) => callApi<null>(routes.deleteUpload, { params: { id }, concurrent: true }),
};

export const useAbstractOptions = () => useQuery({ queryKey: abstractKeys.options, queryFn: abstractApi.options, staleTime: Infinity });
export const useAbstracts = () => useQuery({ queryKey: abstractKeys.list, queryFn: abstractApi.list });
export const useAbstract = (id: string | undefined) =>
  useQuery({ queryKey: abstractKeys.detail(id ?? ''), queryFn: () => abstractApi.get(id!), enabled: Boolean(id), staleTime: 0 });

/**
 * Whether abstracts may still change, on the server's clock, checked every second (spec
 * section 9); null until the clock is known, so nothing flashes editable and then locks.
 */
export function useAbstractsOpen(): boolean | null {
  return useServerTime(abstractsOpen, timing.deadlineCheckIntervalSeconds * 1000);
}
