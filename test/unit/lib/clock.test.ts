import { afterEach, describe, expect, it, vi } from 'vitest';

const original = { ...process.env };
afterEach(() => {
  process.env = { ...original };
  vi.resetModules();
});

describe('server clock', () => {
  it('refuses APP_NOW outside local mode', async () => {
    process.env.APP_NOW = '2024-05-10T00:00:00Z';
    delete process.env.APP_MODE;
    const clock = await import('#lib/clock');
    expect(() => clock.now()).toThrow(/only allowed in local mode/);
  });

  it('starts at APP_NOW in local mode and runs on', async () => {
    process.env.APP_NOW = '2024-05-10T00:00:00Z';
    process.env.APP_MODE = 'local';
    const clock = await import('#lib/clock');
    const t = clock.now().getTime();
    expect(t).toBeGreaterThanOrEqual(Date.parse('2024-05-10T00:00:00Z'));
    expect(t).toBeLessThan(Date.parse('2024-05-10T00:00:05Z'));
  });

  it('pins one call to an instant in local mode only', async () => {
    process.env.APP_MODE = 'local';
    const clock = await import('#lib/clock');
    const at = new Date('2024-05-16T15:59:59Z');
    expect(clock.runAt(at, () => clock.now().toISOString())).toBe(at.toISOString());
    vi.resetModules();
    process.env.APP_MODE = 'aws';
    const awsClock = await import('#lib/clock');
    expect(() => awsClock.runAt(at, () => 1)).toThrow();
  });

  it('reads its settings once: changing the environment later changes nothing', async () => {
    process.env.APP_MODE = 'aws';
    delete process.env.APP_NOW;
    const clock = await import('#lib/clock');
    process.env.APP_MODE = 'local';
    process.env.APP_NOW = '2024-05-10T00:00:00Z';
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5000);
    expect(() => clock.runAt(new Date(), () => 1)).toThrow(/only allowed in local mode/);
  });
});
