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
    expect(sent.filter(([, body]) => body.includes('certificates-ready'))).toEqual([['office-jobs', JSON.stringify({ task: 'certificates-ready' })]]);
  });

  it('sends at start when the portal starts after the instant (the test portal runs on the real clock)', async () => {
    const sent: string[] = [];
    const stop = new AbortController();
    await startSchedules({ now: () => new Date(Date.parse(schedules.certificatesReady.at) + 1), send: async (_, body) => void sent.push(body), signal: stop.signal });
    stop.abort();
    expect(sent.filter((b) => b.includes('certificates-ready'))).toHaveLength(1);
  });

  it("sends a recurring schedule's message every `every` minutes of the portal's clock within its span, with the tick's instant", async () => {
    const { from, until, every } = schedules.presenterReminders;
    expect([from, until, every]).toEqual(['2024-10-27T16:00:00.000Z', '2024-11-07T16:00:00.000Z', 15]);
    let clock = Date.parse(from) - 1;
    const sent: string[] = [];
    const stop = new AbortController();
    const reminders = () => sent.filter((b) => b.includes('presenter-reminders')).map((b) => (JSON.parse(b) as { at: string }).at);
    await startSchedules({ now: () => new Date(clock), send: async (_, body) => void sent.push(body), signal: stop.signal, everyMs: 5 });
    expect(reminders()).toEqual([]);
    clock = Date.parse(from);
    await new Promise((r) => setTimeout(r, 30));
    // Not again within 15 minutes of the portal's clock...
    clock += 14 * 60_000;
    await new Promise((r) => setTimeout(r, 30));
    // ... and again once they have passed; never after the span.
    clock += 60_000;
    await new Promise((r) => setTimeout(r, 30));
    clock = Date.parse(until);
    await new Promise((r) => setTimeout(r, 30));
    stop.abort();
    expect(reminders()).toEqual([from, new Date(Date.parse(from) + 15 * 60_000).toISOString()]);
    expect(JSON.parse(sent.find((b) => b.includes('presenter-reminders'))!)).toEqual({ task: 'presenter-reminders', at: from });
  });
});
