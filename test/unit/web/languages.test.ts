/**
 * The two languages' addresses (decision 0058): every page has its Chinese twin under /zh, served
 * by the same rule as the English one; public pages open in their address's language, the
 * delegate's own pages follow the remembered one.
 */
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_OBJECT, siteObjectFor } from '../../../infra/site/routing';
import { isPublicPath, pagePatterns, paths, pathTo, prerenderedPaths, publicSpaPaths, staticPaths } from '../../../web/src/config/paths';
import { publicPages } from '../../../web/src/app/pages';
import { languageLinks } from '#lib/site/page-template';

const serve = (uri: string) => siteObjectFor(uri, prerenderedPaths, pagePatterns);

describe('the Chinese addresses', () => {
  it('serves every page under /zh from its Chinese file, files from the same place, and the Chinese not-found page', () => {
    for (const path of staticPaths) expect(serve(`/zh${path}`)).toBe(`/zh${path}/index.html`);
    expect(serve('/zh')).toBe('/zh/index.html');
    expect(serve('/zh/')).toBe('/zh/index.html');
    expect(serve('/zh/login')).toBe('/zh/login/index.html');
    expect(serve('/zh/office/orders')).toBe('/zh/app.html');
    expect(serve(`/zh${pathTo(paths.abstractEdit, { id: 'x1' })}`)).toBe('/zh/admin/upload-update/_id/index.html');
    expect(serve('/zh/pdf/full-programme.pdf')).toBe('/pdf/full-programme.pdf');
    expect(serve('/zh/nothing-here')).toBe(`/zh${NOT_FOUND_OBJECT}`);
    expect(serve('/zhx/login')).toBe(NOT_FOUND_OBJECT);
  });
  it('writes a canonical address and the alternates of both languages', () => {
    expect(languageLinks('/congress/info', 'zh-Hans', 'https://congress.example.org')).toBe(
      '<link rel="canonical" href="https://congress.example.org/zh/congress/info"><link rel="alternate" hreflang="en" href="https://congress.example.org/congress/info"><link rel="alternate" hreflang="zh-Hans" href="https://congress.example.org/zh/congress/info"><link rel="alternate" hreflang="x-default" href="https://congress.example.org/congress/info">',
    );
  });
});

describe('which pages follow the remembered language', () => {
  it('lists the same public SPA pages as the page table', () => {
    expect(publicPages.map(([route]) => route).sort()).toEqual([...publicSpaPaths].sort());
  });
  it('keeps public pages in their address\'s language and moves the delegate\'s own', () => {
    expect(isPublicPath('/congress/info')).toBe(true);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/common/activate/abc')).toBe(true);
    expect(isPublicPath('/registration/list')).toBe(false);
    expect(isPublicPath('/office/orders')).toBe(false);
  });
});
