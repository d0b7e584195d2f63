/**
 * The handler factory for signed-in routes (delegate, organiser, reviewer, committee): the same
 * stack, with the api_token resolved to the delegate (401 when unknown, expired, logged out or
 * ended by a password change; 403 for an account without the route's role, and on an organiser
 * or committee route 403 with `second_factor` for a session that has not passed the second
 * factor or has been idle for 12 hours).
 */
import type * as z from 'zod/mini';
import { needsSecondFactor, type RouteDef, type SignedInAuth } from '#core/routes';
import { authenticate } from '#core/accounts/authenticate';
import { assertOfficeSession, assertRouteRole, audienceOf } from '#core/office/access';
import { secondFactorStore } from '#storage/second-factor';
import { officeSessions } from '#storage/sessions';
import { accountStore } from '#storage/users';
import { sessionStore } from '#storage/sessions';
import { secrets } from '../crypto';
import { defineHandler, type HandlerInput, type Principal } from './handler';

type Schema = z.ZodMiniType;
type Infer<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export function defineDelegateHandler<
  R extends RouteDef & { auth: SignedInAuth },
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
        assertRouteRole(route, principal);
        const audience = audienceOf(route);
        if (audience && audience !== 'reviewer') {
          await assertOfficeSession({ secondFactors: secondFactorStore, sessions: officeSessions }, principal, at, { secondFactor: needsSecondFactor(route), audience });
        }
        return principal;
      },
    },
    run as never,
  );
}
