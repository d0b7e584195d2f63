import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflict, rateLimited } from '#core/errors';
import { toErrorAnswer } from '#lib/http/errors';

describe('error map', () => {
  it('maps each kind to its status, keeping the message and code', () => {
    const cases: [AppError, number][] = [
      [new AppError('bad_request', 'b'), 400],
      [new AppError('validation', 'v'), 422],
      [new AppError('unauthorized', 'u'), 401],
      [new AppError('forbidden', 'f'), 403],
      [new AppError('not_found', 'n'), 404],
      [new AppError('conflict', 'c'), 409],
      [new AppError('too_large', 't'), 413],
      [new AppError('rate_limited', 'r'), 429],
    ];
    for (const [error, status] of cases) {
      const answer = toErrorAnswer(error, 'req-1');
      expect(answer.status).toBe(status);
      expect(answer.envelope).toEqual({ code: status, message: error.message, data: null });
    }
    expect(toErrorAnswer(conflict('Not activated', null, -101), 'r').envelope.code).toBe(-101);
    expect(toErrorAnswer(rateLimited('Slow down', 30), 'r').headers).toEqual({ 'retry-after': '30' });
  });

  it('answers validation failures with every field message', () => {
    const schema = z.object({ email: z.string().email('Please enter the correct email.'), n: z.number({ message: 'Please enter.' }) });
    const result = schema.safeParse({ email: 'x' });
    const answer = toErrorAnswer(result.error, 'r');
    expect(answer.status).toBe(422);
    expect(answer.envelope).toEqual({
      code: 422,
      message: 'Please enter the correct email.',
      data: { errors: { email: 'Please enter the correct email.', n: 'Please enter.' } },
    });
  });

  it('never leaks internals of an unexpected failure', () => {
    const answer = toErrorAnswer(new Error('ResourceNotFoundException: table congress'), 'req-9');
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.envelope)).not.toContain('congress');
    expect(answer.envelope.data).toEqual({ request_id: 'req-9' });
    expect(answer.internal).toBe(true);
  });

  it('turns unreadable bodies (middy 415) into 400', () => {
    const answer = toErrorAnswer(Object.assign(new Error('Invalid JSON'), { statusCode: 415 }), 'r');
    expect(answer.status).toBe(400);
    expect(answer.envelope.message).toBe('The request body could not be read.');
  });
});
