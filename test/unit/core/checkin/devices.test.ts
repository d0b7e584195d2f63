import { describe, expect, it } from 'vitest';
import { authenticateDevice, createDevice, deviceBody, pairDevice, type DeviceDeps } from '#core/checkin/devices';
import type { Device, DeviceStore } from '#core/checkin/ports';
import { AppError } from '#core/errors';

const NOW = new Date('2024-11-04T00:00:00Z');
const actor = { kind: 'organiser' as const, id: 'o1', email: 'office@example.org' };

function memoryDeps(): DeviceDeps & { devices: Map<string, Device>; tokens: Map<string, string>; codes: Map<string, { device_id: string; expires_at: string }> } {
  const devices = new Map<string, Device>();
  const tokens = new Map<string, string>();
  const codes = new Map<string, { device_id: string; expires_at: string }>();
  let n = 0;
  const store: DeviceStore = {
    get: async (id) => devices.get(id),
    list: async () => [...devices.values()],
    create: async (d, p) => void (devices.set(d.id, d), codes.set(p.codeHash, { device_id: d.id, expires_at: p.expiresAt })),
    pairing: async (h) => codes.get(h),
    async pair(d, codeHash, tokenHash, base) {
      if (devices.get(d.id)?.version !== base || !codes.delete(codeHash)) return 'changed';
      devices.set(d.id, d);
      tokens.set(tokenHash, d.id);
      return 'paired';
    },
    renewPairing: async () => 'renewed',
    async revoke(d, base) {
      if (devices.get(d.id)?.version !== base) return 'changed';
      devices.set(d.id, d);
      return 'revoked';
    },
    byToken: async (h) => (tokens.has(h) ? devices.get(tokens.get(h)!) : undefined),
    synced: async () => undefined,
  };
  return { store, devices, tokens, codes, newId: () => `d${++n}`, newToken: () => ({ token: `t${++n}-secret-token`, hash: `h${n}` }), hashToken: (t) => `h${t.slice(1, t.indexOf('-'))}` };
}

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return { kind: (error as AppError).kind, id: ((error as AppError).text as { id?: string } | undefined)?.id ?? (error as AppError).message };
};

describe('door devices', () => {
  it('pairs once with a code valid for 15 minutes; the token then names the device until its validity ends', async () => {
    const deps = memoryDeps();
    const { data } = await createDevice(deps, actor, deviceBody.parse({ name: ' Desk A ', lists: ['gala-dinner', 'gala-dinner'], valid_until: '2024-11-08T00:00:00Z' }), NOW);
    expect([data.device.name, data.device.lists, data.device.state]).toEqual(['Desk A', ['gala-dinner'], 'waiting']);
    expect(data.pairing_expires_at).toBe('2024-11-04T00:15:00.000Z');
    const late = await refusal(pairDevice(deps, data.pairing_code, new Date('2024-11-04T00:15:00Z')));
    expect(late.kind).toBe('unauthorized');
    const paired = await pairDevice(deps, data.pairing_code, new Date('2024-11-04T00:14:59Z'));
    expect((await refusal(pairDevice(deps, data.pairing_code, NOW))).kind).toBe('unauthorized');
    expect((await authenticateDevice(deps, paired.data.token, NOW)).name).toBe('Desk A');
    expect(await refusal(authenticateDevice(deps, paired.data.token, new Date('2024-11-08T00:00:00Z')))).toMatchObject({ kind: 'unauthorized' });
  });

  it('gives a validity only ahead, and at most 30 days', async () => {
    const deps = memoryDeps();
    expect((await refusal(createDevice(deps, actor, deviceBody.parse({ name: 'A', lists: ['badge-pickup'], valid_until: '2024-11-04T00:00:00Z' }), NOW))).kind).toBe('validation');
    expect((await refusal(createDevice(deps, actor, deviceBody.parse({ name: 'A', lists: ['badge-pickup'], valid_until: '2024-12-04T00:00:01Z' }), NOW))).kind).toBe('validation');
    expect(deviceBody.safeParse({ name: 'A', lists: ['badge-pickup'], valid_until: '2024-12-04T00:00:00Z', admin: true }).success).toBe(false);
  });
});
