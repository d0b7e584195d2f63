import { describe, expect, it } from 'vitest';
import { NOT_FOUND_OBJECT, siteObjectFor } from '../../../infra/site/routing';
import { matchPath } from 'react-router-dom';
import { delegatePages, notFoundPage, pageFor, pageLoader, publicPages } from '../../../web/src/app/pages';
import { spaRoutePaths } from '../../../web/src/app/routes';
import { framedPaths, matchesRoute, pagePatterns, pathTo, paths, prerenderedPaths, staticPaths } from '../../../web/src/config/paths';
import { pageFrames } from '../../../web/src/app/page-frames';

describe('every SPA route is served by the site', () => {
  it('a direct load of each route gets the SPA (never the 404 page)', () => {
    for (const route of spaRoutePaths) {
      const uri = route.replace(/:\w+/g, 'x1');
      expect(siteObjectFor(uri, prerenderedPaths, pagePatterns), route).not.toBe(NOT_FOUND_OBJECT);
    }
  });
  it('a framed SPA page (its title or lead in its own HTML) is an SPA page with a frame, served from its own file', () => {
    expect(framedPaths).toContain(paths.registrationList);
    for (const path of framedPaths) {
      expect(pageFrames[path]?.title ?? pageFrames[path]?.lead, path).toBeTruthy();
      expect([...delegatePages, ...publicPages].map(([p]) => p), path).toContain(path);
      // A route with a parameter: one file for every id, named after the route.
      expect(siteObjectFor(pathTo(path, { id: 'x1' }), prerenderedPaths, pagePatterns)).toBe(`${path.replace(':id', '_id')}/index.html`);
    }
    expect(siteObjectFor('/admin/upload-update/42/', prerenderedPaths, pagePatterns)).toBe('/admin/upload-update/_id/index.html');
    expect(siteObjectFor('/Registration/Submission-Edit/abc', prerenderedPaths, pagePatterns)).toBe('/registration/submission-edit/_id/index.html');
    // The route's own text is no page: its file is served only for real paths.
    expect(siteObjectFor('/admin/upload-update/:id', prerenderedPaths, pagePatterns)).toBe('/admin/upload-update/_id/index.html');
    expect(siteObjectFor('/admin/upload-update', prerenderedPaths, pagePatterns)).toBe(NOT_FOUND_OBJECT);
  });
  it('no page is both a static page and an SPA route', () => {
    expect(spaRoutePaths.filter((p) => staticPaths.includes(p))).toEqual([]);
  });
});

describe('SPA pages by route (web/src/app/pages.ts)', () => {
  it('every page names a module that exists', () => {
    for (const page of [...publicPages, ...delegatePages].map(([, name]) => name).concat(notFoundPage)) {
      expect(pageLoader(page), page).toBeTypeOf('function');
    }
  });
  it('a path finds its page as the router matches it (any case, a trailing slash, one segment per parameter)', () => {
    const cases = ['/admin/center', '/Admin/Center/', '/admin/upload-update/42', '/admin/upload-update/42/x', '/admin/upload-update/', '/login/x', '/register/stepone'];
    for (const path of cases) {
      for (const pattern of spaRoutePaths) expect(matchesRoute(pattern, path), `${pattern} ${path}`).toBe(matchPath({ path: pattern, end: true }, path) !== null);
    }
    expect(pageFor(paths.center)).toBe('account/center-page');
    expect(pageFor('/no/such/page')).toBe(notFoundPage);
  });
});
