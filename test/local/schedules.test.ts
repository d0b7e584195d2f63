/**
 * The local stand-in for the schedules' EventBridge rules (infra/local/workers.ts startSchedules):
 * each schedule's message is put on its queue once the portal's clock has passed its instant,
 * once per run, and not before.
 */
import { describe, expect, it } from 'vitest';
import { schedules } from '#core/workers';
import { startSchedules } from '../../infra/local/workers';

describe('the schedules, played locally', () => {
  it("sends each schedule's message once its instant has passed on the portal's clock, once", async () => {
    const at = Date.parse(schedules.certificatesReady.at);
    let clock = at - 60_000;
    const sent: [string, string][] = [];
    const stop = new AbortController();
    await startSchedules({ now: () => new Date(clock), send: async (queue, body) => void sent.push([queue, body]), signal: stop.signal, everyMs: 5 });
    expect(sent).toEqual([]);
    clock = at;
    await new Promise((r) => setTimeout(r, 40));
    stop.abort();
    expect(sent).toEqual([['office-jobs', JSON.stringify({ task: 'certificates-ready' })]]);
  });

  it('sends at start when the portal starts after the instant (the test portal runs on the real clock)', async () => {
    const sent: string[] = [];
    const stop = new AbortController();
    await startSchedules({ now: () => new Date(Date.parse(schedules.certificatesReady.at) + 1), send: async (_, body) => void sent.push(body), signal: stop.signal });
    stop.abort();
    expect(sent).toHaveLength(1);
  });
});
