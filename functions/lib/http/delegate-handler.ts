/**
 * The handler factory for delegate (and organiser) routes: the same stack, with the api_token
 * resolved to the delegate (401 when unknown, expired, logged out or ended by a password change;
 * on an organiser route 403 for a delegate without the role, and 403 with `second_factor` for an
 * organiser whose session has not passed the second factor or has been idle for 12 hours).
 */
import type * as z from 'zod/mini';
import type { RouteDef } from '#core/routes';
import { authenticate } from '#core/accounts/authenticate';
import { assertOfficeSession } from '#core/office/access';
import { secondFactorStore } from '#storage/second-factor';
import { officeSessions } from '#storage/sessions';
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
      authenticate: async (token, at) => {
        const principal = await authenticate({ sessions: sessionStore, store: accountStore, secrets }, token, at);
        if (route.auth === 'organiser') {
          await assertOfficeSession({ secondFactors: secondFactorStore, sessions: officeSessions }, principal, at, { secondFactor: route.secondFactor !== false });
        }
        return principal;
      },
    },
    run as never,
  );
}
