/**
 * The handler factory for delegate (and organiser) routes: the same stack, with the api_token
 * resolved to the delegate (401 when unknown, expired, logged out or ended by a password change;
 * 403 on an organiser route for a delegate without the role).
 */
import type * as z from 'zod/mini';
import type { RouteDef } from '#core/routes';
import { authenticate } from '#core/accounts/accounts';
import { accountStore } from '#storage/users';
import { sessionStore } from '#storage/sessions';
import { secrets } from '../crypto';
import { defineHandler, type HandlerInput, type Principal } from './handler';

type Schema = z.ZodMiniType;
type Infer<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export function defineDelegateHandler<
  R extends RouteDef & { auth: 'delegate' | 'organiser' },
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  route: R,
  schemas: { query?: Q; body?: B; params?: P },
  run: (input: HandlerInput<Infer<Q>, Infer<B>, Infer<P>, Principal>) => Promise<unknown>,
) {
  return defineHandler(
    route,
    {
      ...schemas,
      authenticate: (token, at) => authenticate({ sessions: sessionStore, store: accountStore, secrets }, token, at),
    },
    run as never,
  );
}
