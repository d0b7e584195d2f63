import { describe, expect, it } from 'vitest';
import { NOT_FOUND_OBJECT, siteObjectFor } from '../../../infra/site/routing';
import { pagePatterns, paths, prerenderedPaths } from '../../../web/src/config/paths';

describe('site path rule (CloudFront Functions and local server)', () => {
  const pre = ['/home', '/congress/past'];
  const patterns = ['/home', '/congress/past', '/admin/pre', '/admin/upload-update/:id', '/register/StepOne'];
  it('serves pre-rendered pages, files, and the SPA shell for page routes', () => {
    expect(siteObjectFor('/', pre, patterns)).toBe('/index.html');
    expect(siteObjectFor('/home', pre, patterns)).toBe('/home/index.html');
    expect(siteObjectFor('/congress/past/', pre, patterns)).toBe('/congress/past/index.html');
    expect(siteObjectFor('/pdf/full-programme.pdf', pre, patterns)).toBe('/pdf/full-programme.pdf');
    expect(siteObjectFor('/admin/upload-update/3', pre, patterns)).toBe('/app.html');
    expect(siteObjectFor('/admin/pre/', pre, patterns)).toBe('/app.html');
    expect(siteObjectFor('/common/reset/abc.def', pre, patterns)).toBe('/common/reset/abc.def');
    // A route with a parameter pre-rendered with its frame: one file for every id.
    expect(siteObjectFor('/admin/upload-update/3', [...pre, '/admin/upload-update/:id'], patterns)).toBe('/admin/upload-update/_id/index.html');
    expect(siteObjectFor('/Admin/Upload-Update/3/', [...pre, '/admin/upload-update/:id'], patterns)).toBe('/admin/upload-update/_id/index.html');
  });

  it('matches routes in any case, like the router', () => {
    expect(siteObjectFor('/register/stepone', pre, patterns)).toBe('/app.html');
    expect(siteObjectFor('/Home', pre, patterns)).toBe('/app.html');
  });

  it('answers every other path with the not-found page', () => {
    for (const uri of ['/no/such/page', '/admin', '/admin/upload-update', '/admin/upload-update/3/4', '/home/x']) {
      expect(siteObjectFor(uri, pre, patterns), uri).toBe(NOT_FOUND_OBJECT);
    }
  });

  it('knows every page of the app: each route is served, none is answered 404', () => {
    for (const pattern of pagePatterns) {
      const uri = pattern.replace(/:\w+/g, 'x1');
      expect(siteObjectFor(uri, prerenderedPaths, pagePatterns), uri).not.toBe(NOT_FOUND_OBJECT);
    }
    expect(siteObjectFor(paths.login, prerenderedPaths, pagePatterns)).toBe('/login/index.html');
  });
});
