import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath, matchPath, routeList } from '#core/routes';

describe('route table', () => {
  it('names a handler module that exists for every route', () => {
    for (const route of routeList) {
      const file = path.resolve('functions/handlers', `${route.handler}.ts`);
      expect(fs.existsSync(file), `${route.id}: ${file}`).toBe(true);
    }
  });

  it('lists each method and path once', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills and matches path parameters', () => {
    expect(fillPath('/contribute/{id}', { id: 'a b' })).toBe('/contribute/a%20b');
    expect(() => fillPath('/contribute/{id}', {})).toThrow(/Missing path parameter id/);
    expect(matchPath('/contribute/{id}', '/contribute/42')).toEqual({ id: '42' });
    expect(matchPath('/contribute/{id}', '/contribute/42/x')).toBeNull();
    expect(matchPath('/register_type_fee', '/register_type_fee')).toEqual({});
    expect(matchPath('/a.b', '/aXb')).toBeNull();
    expect(matchPath('/contribute/{id}', '/contribute/%E8%82%BF')).toEqual({ id: '\u80bf' });
    for (const broken of ['%FF', '%E0%A4', '%', '%zz']) expect(matchPath('/contribute/{id}', `/contribute/${broken}`)).toBeNull();
  });
});
