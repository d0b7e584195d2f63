import { describe, expect, it } from 'vitest';
import { siteObjectFor } from '../../../infra/site/routing';

describe('site path rule (CloudFront Function and local server)', () => {
  const pre = ['/home', '/congress/past'];
  it('serves pre-rendered pages, files, and the SPA shell for the rest', () => {
    expect(siteObjectFor('/', pre)).toBe('/index.html');
    expect(siteObjectFor('/home', pre)).toBe('/home/index.html');
    expect(siteObjectFor('/congress/past/', pre)).toBe('/congress/past/index.html');
    expect(siteObjectFor('/pdf/full-programme.pdf', pre)).toBe('/pdf/full-programme.pdf');
    expect(siteObjectFor('/admin/upload-update/3', pre)).toBe('/app.html');
    expect(siteObjectFor('/no/such/page', pre)).toBe('/app.html');
    expect(siteObjectFor('/common/reset/abc.def', pre)).toBe('/common/reset/abc.def');
  });
});
