/**
 * The doors' devices (issue 34, decision 0070). The office creates a device (a name, the lists it
 * may scan, a validity) and shows a one-time pairing code as a QR; the phone at the door scans it
 * and receives the device's own token. No organiser signs in on a borrowed phone: the token
 * allows only check-in, only for the device's lists, until its validity ends or the office
 * revokes it, and every scan names the device.
 */
import * as z from 'zod/mini';
import { auditEntry, type Actor } from '../audit/audit';
import { AppError, conflict, notFound } from '../errors';
import { instantValue, text } from '../i18n/messages';
import { nextVersion } from '../versions';
import { doors } from '../config/conference';
import { checkinListIds } from './lists';
import checkinTexts from '../i18n/catalogs/en/checkin.json' with { type: 'json' };
import type { Device, DeviceStore } from './ports';

export const PAIRING_MINUTES = doors.pairingMinutes;
export const MAX_DEVICE_DAYS = doors.maxDeviceDays;

/** The forms' words as the catalog's English (the API finds their Chinese by them). */
const words = {
  name: checkinTexts['api.checkin.deviceName'],
  lists: checkinTexts['api.checkin.deviceLists'],
  validity: checkinTexts['api.checkin.deviceValidity'],
};

export const deviceBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, words.name), z.maxLength(60, words.name)),
  lists: z.array(z.enum(checkinListIds, { message: words.lists })).check(z.minLength(1, words.lists), z.maxLength(checkinListIds.length)),
  valid_until: z.iso.datetime({ offset: true, message: words.validity }),
});
export type DeviceInput = z.output<typeof deviceBody>;
export const deviceVersionBody = z.strictObject({ version: z.string().check(z.minLength(1), z.maxLength(40)) });
export const deviceIdSchema = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, checkinTexts['api.checkin.noDevice'])) });
export const pairBody = z.strictObject({ code: z.string().check(z.minLength(10), z.maxLength(100)) });

export interface DeviceDeps {
  store: DeviceStore;
  newId(): string;
  /** A random secret of 256 bits and its hash (tokens and codes are kept only as hashes). */
  newToken(): { token: string; hash: string };
  hashToken(token: string): string;
}

/** What the office sees of a device (never its token). */
export function deviceView(d: Device, now: Date) {
  return {
    id: d.id,
    name: d.name,
    lists: d.lists,
    valid_until: d.valid_until,
    created_at: d.created_at,
    created_by: d.created_by,
    paired_at: d.paired_at ?? null,
    revoked_at: d.revoked_at ?? null,
    last_sync_at: d.last_sync_at ?? null,
    state: d.revoked_at ? 'revoked' : new Date(d.valid_until) <= now ? 'expired' : d.paired_at ? 'paired' : 'waiting',
    version: d.version,
  };
}
export type DeviceView = ReturnType<typeof deviceView>;

function newPairing(deps: DeviceDeps, now: Date) {
  const { token, hash } = deps.newToken();
  return { code: token, codeHash: hash, expiresAt: new Date(now.getTime() + PAIRING_MINUTES * 60_000).toISOString() };
}

function checkValidity(input: DeviceInput, now: Date) {
  const until = new Date(input.valid_until).getTime();
  if (until <= now.getTime() || until > now.getTime() + MAX_DEVICE_DAYS * 86_400_000) {
    throw new AppError('validation', text('api.checkin.deviceValidity'), { errors: { valid_until: text('api.checkin.deviceValidity') } });
  }
}

export async function createDevice(deps: DeviceDeps, actor: Actor, input: DeviceInput, now: Date) {
  checkValidity(input, now);
  const at = now.toISOString();
  const device: Device = {
    id: deps.newId(),
    name: input.name,
    lists: [...new Set(input.lists)],
    valid_until: new Date(input.valid_until).toISOString(),
    created_at: at,
    created_by: actor.email ?? actor.id,
    version: at,
  };
  const pairing = newPairing(deps, now);
  await deps.store.create(device, pairing, auditEntry({ action: 'checkin.device_created', actor, at: now, object: { type: 'checkin-device', id: device.id }, after: { name: device.name, lists: device.lists, valid_until: device.valid_until } }));
  return { message: text('api.checkin.created'), data: { device: deviceView(device, now), pairing_code: pairing.code, pairing_expires_at: pairing.expiresAt } };
}

async function deviceAt(deps: DeviceDeps, id: string, version: string) {
  const device = await deps.store.get(id);
  if (!device) throw notFound(text('api.checkin.noDevice'));
  if (device.version !== version) throw conflict(text('api.checkin.deviceChanged'));
  return device;
}

/** A new pairing code (a phone lost its data, or is replaced): the earlier token stops working. */
export async function renewPairing(deps: DeviceDeps, actor: Actor, id: string, version: string, now: Date) {
  const device = await deviceAt(deps, id, version);
  if (device.revoked_at) throw conflict(text('api.checkin.deviceRevokedAlready'));
  const pairing = newPairing(deps, now);
  const next: Device = { ...device, paired_at: undefined, version: nextVersion(device.version, now) };
  delete next.paired_at;
  const audit = auditEntry({ action: 'checkin.device_pairing_renewed', actor, at: now, object: { type: 'checkin-device', id } });
  if ((await deps.store.renewPairing(next, pairing, device.version, audit)) === 'changed') throw conflict(text('api.checkin.deviceChanged'));
  return { message: text('api.checkin.renewed'), data: { device: deviceView(next, now), pairing_code: pairing.code, pairing_expires_at: pairing.expiresAt } };
}

export async function revokeDevice(deps: DeviceDeps, actor: Actor, id: string, version: string, now: Date) {
  const device = await deviceAt(deps, id, version);
  if (device.revoked_at) throw conflict(text('api.checkin.deviceRevokedAlready'));
  const next: Device = { ...device, revoked_at: now.toISOString(), version: nextVersion(device.version, now) };
  const audit = auditEntry({ action: 'checkin.device_revoked', actor, at: now, object: { type: 'checkin-device', id }, before: { revoked: false }, after: { revoked: true } });
  if ((await deps.store.revoke(next, device.version, audit)) === 'changed') throw conflict(text('api.checkin.deviceChanged'));
  return { message: text('api.checkin.revoked'), data: { device: deviceView(next, now) } };
}

export async function listDevices(deps: Pick<DeviceDeps, 'store'>, now: Date) {
  const devices = await deps.store.list();
  return devices.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((d) => deviceView(d, now));
}

/** The phone's side: the code from the office's QR for the device's token. */
export async function pairDevice(deps: DeviceDeps, code: string, now: Date) {
  const codeHash = deps.hashToken(code);
  const pairing = await deps.store.pairing(codeHash);
  const refused = new AppError('unauthorized', text('api.checkin.pairingCode'));
  if (!pairing || new Date(pairing.expires_at) <= now) throw refused;
  const device = await deps.store.get(pairing.device_id);
  if (!device || device.revoked_at || new Date(device.valid_until) <= now) throw refused;
  const { token, hash } = deps.newToken();
  const next: Device = { ...device, paired_at: now.toISOString(), version: nextVersion(device.version, now) };
  if ((await deps.store.pair(next, codeHash, hash, device.version)) === 'changed') throw refused;
  return { message: text('api.checkin.paired'), data: { token, device: { id: next.id, name: next.name, lists: next.lists, valid_until: next.valid_until } } };
}

/** A device route's token to its device: refused when unknown, revoked or past its validity. */
export async function authenticateDevice(deps: Pick<DeviceDeps, 'store' | 'hashToken'>, token: string, now: Date): Promise<Device> {
  const device = await deps.store.byToken(deps.hashToken(token));
  if (!device) throw new AppError('unauthorized', text('api.checkin.deviceUnknown'));
  if (device.revoked_at) throw new AppError('unauthorized', text('api.checkin.deviceRevoked'));
  if (new Date(device.valid_until) <= now) throw new AppError('unauthorized', text('api.checkin.deviceExpired', { at: instantValue(device.valid_until) }));
  return device;
}
