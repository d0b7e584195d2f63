import { describe, expect, it } from 'vitest';
import { NOT_FOUND_OBJECT, siteObjectFor } from '../../../infra/site/routing';
import { spaRoutePaths } from '../../../web/src/app/routes';
import { pagePatterns, prerenderedPaths, staticPaths } from '../../../web/src/config/paths';

describe('every SPA route is served by the site', () => {
  it('a direct load of each route gets the SPA (never the 404 page)', () => {
    for (const route of spaRoutePaths) {
      const uri = route.replace(/:\w+/g, 'x1');
      expect(siteObjectFor(uri, prerenderedPaths, pagePatterns), route).not.toBe(NOT_FOUND_OBJECT);
    }
  });
  it('no page is both a static page and an SPA route', () => {
    expect(spaRoutePaths.filter((p) => staticPaths.includes(p))).toEqual([]);
  });
});
