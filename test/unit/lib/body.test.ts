import { describe, expect, it } from 'vitest';
import { expandBracketKeys, normalizeBody } from '#lib/http/body';
import { AppError } from '#core/errors';

describe('request bodies', () => {
  it('expands the bracket keys of forms into objects and arrays', () => {
    expect(
      expandBracketKeys({
        'authors[0][email]': 'a@x.org',
        'authors[1][email]': 'b@x.org',
        'agreements[]': ['1', '2'],
        title: 'T',
      }),
    ).toEqual({ authors: [{ email: 'a@x.org' }, { email: 'b@x.org' }], agreements: ['1', '2'], title: 'T' });
  });

  it('reads a JSON string body and refuses what it cannot read', () => {
    expect(normalizeBody('{"a":1}', undefined)).toEqual({ a: 1 });
    expect(() => normalizeBody('a=1&b', 'text/plain')).toThrow(AppError);
    expect(normalizeBody(undefined, undefined)).toBeUndefined();
    expect(normalizeBody({ 'x[0]': 'y' }, 'application/json')).toEqual({ 'x[0]': 'y' });
    expect(normalizeBody({ 'x[0]': 'y' }, 'application/x-www-form-urlencoded')).toEqual({ x: ['y'] });
  });
});
