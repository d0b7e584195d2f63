/**
 * The check-in app's pieces without a browser (issue 34): the phone's own answer verifies a
 * ticket the server signed (WebCrypto Ed25519 over the same bytes, core/checkin identify and
 * answerFor), the pairing code is read only from the app's address, and the service worker's
 * list holds what /checkin needs offline and no other page's code.
 */
import { describe, expect, it } from 'vitest';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';
import { signTicket, ticketsOf, type Ticket, type TicketOrder } from '#core/checkin/tickets';
import { ORDER_STATUS } from '#core/orders/states';
import { answerLocally, type LocalCopy } from '../../../web/src/features/checkin/local-answer';
import { pairingCode } from '../../../web/src/features/checkin/pairing-code';
import { checkinWorkerFiles, checkinWorkerSource } from '../../../scripts/checkin-worker';

const DAY2 = new Date('2024-11-05T02:00:00Z');

const order = {
  id: 'o1',
  owner_id: 'u1',
  sequence: 42,
  order_no: 'R24-000042',
  payment_status: ORDER_STATUS.paid,
  first_name: 'Amara',
  last_name: 'Okafor',
  family_name_in_chinese: '',
  given_name_in_chinese: '',
  organization: 'Registry',
  primary_address_country: 'Nigeria',
  accompanying_person: 1,
  post_conference_activities_person: 0,
  morning_workshop: 0,
  afternoon_workshop: 0,
  welcome_reception: 1,
  gala_dinner: 0,
} as unknown as TicketOrder;

function setup() {
  const keys = keysFromJson(newKeysJson());
  const tickets = ticketsOf(order);
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const entries = new Map<string, { at: string; device_name: string }>();
  const copy: LocalCopy = {
    keys: keys.publicKeys(),
    ticket: (id) => byId.get(id),
    entry: (list, id) => entries.get(`${list}#${id}`),
  };
  return { keys, tickets, byId, entries, copy };
}

describe('the phone answers on its own', () => {
  it('admits a signed ticket, then says already (when, where); refuses a list the ticket lacks', async () => {
    const { keys, tickets, entries, copy } = setup();
    const delegate = signTicket(tickets[0]!, keys);
    expect(await answerLocally(copy, 'welcome-reception', { via: 'qr', payload: delegate }, DAY2)).toEqual({
      answer: { kind: 'admitted' },
      ticketId: '42-0',
    });
    entries.set('welcome-reception#42-0', { at: '2024-11-05T00:02:00Z', device_name: 'Desk B' });
    expect(
      (await answerLocally(copy, 'welcome-reception', { via: 'qr', payload: delegate }, DAY2)).answer,
    ).toEqual({ kind: 'already', first: { at: '2024-11-05T00:02:00Z', device_name: 'Desk B' } });
    // The accompanying person's ticket is for the social programme only.
    const companion = signTicket(tickets[1]!, keys);
    expect(
      (await answerLocally(copy, 'entry-2024-11-05', { via: 'qr', payload: companion }, DAY2)).answer.kind,
    ).toBe('not-for-list');
    expect(
      (await answerLocally(copy, 'entry-2024-11-05', { via: 'search', ticket_id: '42-0' }, DAY2)).answer.kind,
    ).toBe('admitted');
    expect(
      (await answerLocally(copy, 'entry-2024-11-05', { via: 'search', ticket_id: '42-9' }, DAY2)).answer,
    ).toEqual({ kind: 'invalid', reason: 'unknown-ticket' });
  });

  it('refuses a forged, an unknown-key, a revoked and an expired ticket', async () => {
    const { keys, tickets, byId, copy } = setup();
    const payload = signTicket(tickets[0]!, keys);
    // Another signer's ticket with the same facts: the signature does not hold.
    const forged = signTicket(tickets[0]!, keysFromJson(newKeysJson()));
    expect(
      (await answerLocally(copy, 'welcome-reception', { via: 'qr', payload: forged }, DAY2)).answer,
    ).toEqual({ kind: 'invalid', reason: 'signature' });
    expect(
      (await answerLocally({ ...copy, keys: {} }, 'welcome-reception', { via: 'qr', payload }, DAY2)).answer,
    ).toEqual({ kind: 'invalid', reason: 'unknown-key' });
    expect(
      (await answerLocally(copy, 'welcome-reception', { via: 'qr', payload: payload.slice(0, -3) }, DAY2))
        .answer.kind,
    ).toBe('invalid');
    byId.set('42-0', { ...byId.get('42-0')!, revoked: true } satisfies Ticket);
    expect((await answerLocally(copy, 'welcome-reception', { via: 'qr', payload }, DAY2)).answer.kind).toBe(
      'revoked',
    );
    expect(
      (
        await answerLocally(
          copy,
          'welcome-reception',
          { via: 'qr', payload: signTicket(tickets[1]!, keys) },
          new Date('2024-11-09T02:00:00Z'),
        )
      ).answer.kind,
    ).toBe('expired');
  });
});

describe('the pairing code', () => {
  it('is read from the app address only', () => {
    expect(pairingCode('https://iacr2024.example/checkin#pair=Abc_def-1234567890')).toBe(
      'Abc_def-1234567890',
    );
    expect(pairingCode('/zh/checkin#pair=Abc_def-1234567890')).toBe('Abc_def-1234567890');
    expect(pairingCode('https://iacr2024.example/login#pair=Abc_def-1234567890')).toBeNull();
    expect(pairingCode('#pair=short')).toBeNull();
  });
});

describe("the service worker's files", () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      dynamicImports: ['src/main.tsx', 'node_modules/react-dom/client.js'],
    },
    'src/main.tsx': { file: 'assets/main-1.js', imports: ['_ui.js'], css: ['assets/main-1.css'] },
    'node_modules/react-dom/client.js': { file: 'assets/client-1.js' },
    '_ui.js': { file: 'assets/ui-1.js', dynamicImports: ['src/features/office/office-page.tsx'] },
    'src/features/checkin/checkin-page.tsx': {
      file: 'assets/checkin-page-1.js',
      imports: ['_ui.js'],
      dynamicImports: ['zxing/reader.js'],
      assets: ['assets/zxing_reader-1.wasm'],
    },
    'zxing/reader.js': { file: 'assets/reader-1.js' },
    'src/features/office/office-page.tsx': { file: 'assets/office-page-1.js' },
    '\0i18n-catalog:en': { file: 'assets/catalog-en.js' },
    '\0i18n-catalog:zh-Hans': { file: 'assets/catalog-zh.js' },
    '\0i18n-catalog:en/staff': { file: 'assets/staff-en.js' },
  };
  const shell =
    '<script type="module" src="/assets/index-1.js"></script><img src="/images/logo.svg"><a href="/pdf/programme.pdf">';

  it('hold the shells, the app, the page with its decoder and wasm, both catalogs; no other page, no PDF', () => {
    const files = checkinWorkerFiles(manifest, [shell, shell]);
    for (const f of [
      '/app.html',
      '/zh/app.html',
      '/assets/index-1.js',
      '/assets/main-1.js',
      '/assets/main-1.css',
      '/assets/client-1.js',
      '/assets/ui-1.js',
      '/assets/checkin-page-1.js',
      '/assets/reader-1.js',
      '/assets/zxing_reader-1.wasm',
      '/assets/catalog-en.js',
      '/assets/catalog-zh.js',
      '/images/logo.svg',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(files).not.toContain('/assets/office-page-1.js');
    expect(files).not.toContain('/assets/staff-en.js');
    expect(files).not.toContain('/pdf/programme.pdf');
  });

  it('change version with the files (a new build drops the old cache)', () => {
    const version = (files: string[]) => /const CACHE = '([^']+)'/.exec(checkinWorkerSource(files))![1];
    expect(version(['/a.js'])).not.toBe(version(['/b.js']));
    expect(version(['/a.js'])).toBe(version(['/a.js']));
  });
});
