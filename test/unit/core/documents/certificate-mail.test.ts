/** The certificate-ready mail on a fixed clock: only when the certificate can be had, once per order, a page of paid orders per run. */
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MAIL_PAGE, mailCertificateReady, mailReadyCertificates, type CertificateMailDeps } from '#core/documents/certificate-mail';
import type { Mail } from '#core/accounts/ports';
import type { StoredOrder } from '#core/orders/ports';

const DAY2 = new Date('2024-11-05T02:00:00Z');
const AFTER = new Date('2024-11-08T01:00:00Z');
const order = (id: string, fields: Partial<StoredOrder> = {}) =>
  ({ id, owner_id: `u-${id}`, owner_email: `${id}@example.org`, order_no: `R24-00000${id.length}`, first_name: 'Ana', last_name: 'Silva', payment_status: 1, attendance: { attended: true, marked_at: '', marked_by: '' }, ...fields }) as StoredOrder;

function world(options: { failTo?: string } = {}) {
  const sent: Mail[] = [];
  const claims = new Set<string>();
  const deps: CertificateMailDeps = {
    mailer: {
      send: async (mail) => {
        if (mail.to === options.failTo) throw new Error('SES down');
        sent.push(mail);
        return 'sent';
      },
    },
    log: { info: () => undefined, error: () => undefined },
    siteOrigin: 'https://portal.example',
    once: {
      claim: async (owner, name) => (claims.has(`${owner}/${name}`) ? false : (claims.add(`${owner}/${name}`), true)),
      release: async (owner, name) => void claims.delete(`${owner}/${name}`),
    },
  };
  return { deps, sent, claims };
}

describe('one order', () => {
  it('is mailed once it can be had (after the end, paid, attended), and only once', async () => {
    const { deps, sent } = world();
    expect(await mailCertificateReady(deps, order('a'), DAY2)).toBe('not-ready');
    expect(await mailCertificateReady(deps, order('b', { attendance: { attended: false, marked_at: '', marked_by: '' } }), AFTER)).toBe('not-ready');
    expect(await mailCertificateReady(deps, order('c', { payment_status: -1 }), AFTER)).toBe('not-ready');
    expect(await mailCertificateReady(deps, order('d', { anonymised_at: '2024-11-09T00:00:00Z' }), AFTER)).toBe('not-ready');
    expect(sent).toEqual([]);
    expect(await mailCertificateReady(deps, order('a'), AFTER)).toBe('mailed');
    expect(await mailCertificateReady(deps, order('a'), AFTER)).toBe('already');
    expect(sent.map((m) => [m.to, m.subject, m.importance])).toEqual([['a@example.org', 'Registration R24-000001: your certificate of attendance is ready', 'essential']]);
    expect(sent[0]!.text).toContain('Get the certificate: https://portal.example/registration/list');
  });

  it('gives the claim back when the mail fails, so that a later run sends it', async () => {
    const failing = world({ failTo: 'a@example.org' });
    expect(await mailCertificateReady(failing.deps, order('a'), AFTER)).toBe('failed');
    expect(failing.claims.size).toBe(0);
  });
});

describe("the schedule's run at the end", () => {
  const pages = (orders: StoredOrder[]) => ({
    page: async (cursor: string | undefined, limit: number) => {
      const from = Number(cursor ?? 0);
      const next = from + limit < orders.length ? String(from + limit) : null;
      return { orders: orders.slice(from, from + limit), next };
    },
  });

  it('mails the attended paid orders of one page and hands the next page to another message; nothing before the end', async () => {
    const { deps, sent } = world();
    const all = Array.from({ length: CERTIFICATE_MAIL_PAGE + 3 }, (_, i) => order(`o${i}`, i % 2 ? { attendance: { attended: false, marked_at: '', marked_by: '' } } : {}));
    const queued: string[] = [];
    const run = { ...deps, paid: pages(all), next: async (c: string) => void queued.push(c), pause: async () => undefined };
    expect(await mailReadyCertificates(run, undefined, DAY2)).toEqual({ mailed: 0, next: null });
    expect(queued).toEqual([]);
    const first = await mailReadyCertificates(run, undefined, AFTER);
    expect(first).toEqual({ mailed: 13, next: String(CERTIFICATE_MAIL_PAGE) });
    expect(queued).toEqual([String(CERTIFICATE_MAIL_PAGE)]);
    expect(await mailReadyCertificates(run, queued[0], AFTER)).toEqual({ mailed: 1, next: null });
    // The schedule's message again (a redelivery): nobody is mailed twice.
    expect(await mailReadyCertificates(run, undefined, AFTER)).toMatchObject({ mailed: 0 });
    expect(sent).toHaveLength(14);
    expect(new Set(sent.map((m) => m.to)).size).toBe(14);
  });
});
