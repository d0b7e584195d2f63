/** The handler factory of the doors' device routes: the device's token resolved to its device (core/checkin/devices.ts). */
import type { RouteDef } from '#core/routes';
import type * as z from 'zod/mini';
import { authenticateDevice } from '#core/checkin/devices';
import type { Device } from '#core/checkin/ports';
import { deviceStore } from '#storage/checkin';
import { hashToken } from '../crypto';
import { defineHandler, type HandlerInput } from './handler';

type Schema = z.ZodMiniType;
type Infer<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export function defineDeviceHandler<R extends RouteDef & { auth: 'device' }, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  route: R,
  schemas: { query?: Q; body?: B },
  run: (input: HandlerInput<Infer<Q>, Infer<B>, undefined, Device>) => Promise<unknown>,
) {
  return defineHandler(route, { ...schemas, authenticateDevice: (token, at) => authenticateDevice({ store: deviceStore, hashToken }, token, at) }, run as never);
}
