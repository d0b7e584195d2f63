import { describe, expect, it } from 'vitest';
import { call } from './support';

describe('public conference routes', () => {
  it('GET /register_type_fee answers the categories and prices in the envelope', async () => {
    const r = await call<{ type: number; type_name: string; price: number }[]>('GET', '/register_type_fee', {
      at: '2019-07-01T00:00:00+08:00',
    });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toContainEqual({ type: 2, type_name: 'Member', price: 740, period: 'early' });
    expect(r.body.data).toHaveLength(7);
  });

  it('GET /conference gives the facts pages need, deadlines as UTC instants', async () => {
    const r = await call<{ deadlines: { abstractSubmission: string }; conference: { dates: { start: string } } }>('GET', '/conference');
    expect(r.body.data.deadlines.abstractSubmission).toBe('2024-05-16T16:00:00.000Z');
    expect(r.body.data.conference.dates.start).toBe('2024-11-04');
  });

  it('GET /now follows the pinned clock (local mode only)', async () => {
    const r = await call<{ now: string }>('GET', '/now', { at: '2024-05-16T23:59:59+08:00' });
    expect(r.body.data.now).toBe('2024-05-16T15:59:59.000Z');
    const bad = await call('GET', '/now', { at: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it('answers unknown API paths and methods with 404 in the envelope', async () => {
    const r = await call('GET', '/no_such_route');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, message: 'No such API route.', data: null });
    expect((await call('DELETE', '/conference')).status).toBe(404);
  });
});
