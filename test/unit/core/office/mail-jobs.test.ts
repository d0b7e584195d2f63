import { describe, expect, it } from 'vitest';
import type { Mail } from '#core/accounts/ports';
import { mailJobSchema, mailMessages, mailPauseMs, referenceOfOrderNo, renderMail, selectRecipients, sentSubject, tally, unsubscribeHeaders, type RecipientResult } from '#core/office/mail-jobs';
import { jobView, type OfficeJob } from '#core/office/jobs';
import { giveUpMailBatch, sendMailBatch, type MailWorkerDeps } from '#core/office/send-mail';
import type { StoredOrder } from '#core/orders/ports';

const NOW = new Date('2024-08-01T02:00:00Z');
const order = (sequence: number, fields: Partial<StoredOrder>) =>
  ({ sequence, order_no: `R24-${String(sequence).padStart(6, '0')}`, owner_id: `u${sequence}`, owner_email: `d${sequence}@example.org`, first_name: '伟', amount_required: 65000, payment_status: 0, visa_required: 0, hotel_book_required: 0, ...fields }) as StoredOrder;

describe('the mail form', () => {
  const base = { filter: 'paid', purpose: 'announcement', subject: 'Hello {first_name}', text: 'Order {order_no}: {amount}' };
  it('takes the three placeholders and names any other', () => {
    expect(mailJobSchema.safeParse(base).success).toBe(true);
    const bad = mailJobSchema.safeParse({ ...base, text: 'Dear {name}' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([mailMessages.unknownPlaceholder('name')]);
  });
  it('needs an order number for one order, and refuses mail "about their order" to presenters', () => {
    expect(mailJobSchema.safeParse({ ...base, filter: 'order', order_no: 'R24-12' }).error?.issues[0]?.message).toBe(mailMessages.orderNo);
    expect(mailJobSchema.safeParse({ ...base, filter: 'order', order_no: ' r24-000012 ' }).success).toBe(true);
    expect(mailJobSchema.safeParse({ ...base, filter: 'presenters', purpose: 'order' }).error?.issues[0]?.message).toBe(mailMessages.purposeNeedsOrders);
  });
  it('finds an order by its number through the transfer reference', () => {
    expect(referenceOfOrderNo('r24-000123')).toMatch(/^IACR24-000123-\d$/);
    expect(referenceOfOrderNo('R24-1')).toBeUndefined();
  });
});

describe('selectRecipients', () => {
  const orders = [
    order(3, { payment_status: 1, visa_required: 1 }),
    order(1, { payment_status: 1, hotel_book_required: 1 }),
    order(2, { payment_status: -1, visa_required: 1, hotel_book_required: 1 }),
    order(4, { payment_status: 1, owner_email: 'd1@example.org', owner_id: 'u1' }),
    // Kept for accounting after its account was deleted (core/accounts/own-data.ts): in no mail.
    order(5, { payment_status: 1, visa_required: 1, owner_email: '', first_name: '', anonymised_at: '2024-09-01T00:00:00.000Z' }),
  ];
  it('chooses by filter, leaves cancelled orders out of visa and hotel, one mail per address (its oldest order)', () => {
    expect(selectRecipients({ filter: 'paid' }, { orders, presenters: [] }).map((r) => r.order_no)).toEqual(['R24-000001', 'R24-000003']);
    expect(selectRecipients({ filter: 'visa' }, { orders, presenters: [] }).map((r) => r.order_no)).toEqual(['R24-000003']);
    expect(selectRecipients({ filter: 'hotel' }, { orders, presenters: [] }).map((r) => r.order_no)).toEqual(['R24-000001']);
    expect(selectRecipients({ filter: 'order', order_no: 'r24-000002' }, { orders, presenters: [] }).map((r) => r.email)).toEqual(['d2@example.org']);
    const presenters = [{ email: 'P@example.org', user_id: 'p', first_name: 'Ana', order_no: '', amount: '' }];
    expect(selectRecipients({ filter: 'presenters' }, { orders, presenters })).toEqual(presenters);
  });
});

describe('renderMail', () => {
  const r = { email: 'd@example.org', user_id: 'u', first_name: '伟', order_no: 'R24-000007', amount: '650.00' };
  it('fills the placeholders, makes paragraphs, and adds the unsubscribe link to an announcement only', () => {
    const mail = renderMail({ purpose: 'announcement', subject: 'Hi {first_name}\\n', text: 'Order {order_no} of {amount}.\n\nBye <b>.' }, r, 'https://site/common/unsubscribe?token=t');
    expect(mail.subject).toBe('Hi 伟\\n');
    expect(mail.text).toContain('Order R24-000007 of US$650.00.');
    expect(mail.text).toContain('https://site/common/unsubscribe?token=t');
    expect(mail.html).toContain('Bye &lt;b&gt;.');
    const about = renderMail({ purpose: 'order', subject: 'Receipt', text: 'x' }, r);
    expect(about.text).not.toContain('unsubscribe');
    expect(unsubscribeHeaders('https://site/api/u/t')).toEqual([
      { name: 'List-Unsubscribe', value: '<https://site/api/u/t>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });
});

describe('what the office sees of a mail sent (issue 29 item 20)', () => {
  const r = { email: 'd@example.org', user_id: 'u', first_name: 'Ann', order_no: 'R24-000007', amount: '1040.00' };
  it('{amount} reads as everywhere else: US$1,040.00', () => {
    const mail = renderMail({ purpose: 'order', subject: 'Your {amount}', text: 'You paid {amount}.' }, r);
    expect(mail.subject).toBe('Your US$1,040.00');
    expect(mail.text).toContain('You paid US$1,040.00.');
  });

  it('the list labels a subject with placeholders as a template; each recipient shows the subject it got', () => {
    const job: OfficeJob = { id: '20240801T020000000Z-abcdef01', kind: 'mail', mail: { filter: 'paid', purpose: 'announcement', subject: 'Hello {first_name}', text: 'x' }, state: 'done', requested_by: { id: 'o' }, requested_at: '2024-08-01T02:00:00.000Z', attempts: 1 };
    expect(jobView(job).label).toBe('Subject template: Hello {first_name}');
    expect(jobView({ ...job, mail: { ...job.mail!, subject: 'Hello all' } }).label).toBe('Hello all');
    expect(sentSubject(job.mail!, r)).toBe('Hello Ann');
  });
});

describe('sendMailBatch', () => {
  const job: OfficeJob = {
    id: '20240801T020000000Z-abcdef01',
    kind: 'mail',
    mail: { filter: 'paid', purpose: 'announcement', subject: 'News for {first_name}', text: 'Hello' },
    site_origin: 'https://congress.test',
    state: 'running',
    requested_by: { id: 'org', email: 'org@example.org' },
    requested_at: NOW.toISOString(),
    attempts: 1,
  };
  function world(recipients: RecipientResult[], options: { optedOut?: string[]; failFor?: string[]; withheldFor?: string[] } = {}) {
    const sent: Mail[] = [];
    const pauses: number[] = [];
    const finished: unknown[] = [];
    let counted = false;
    const deps = {
      batches: {
        getBatch: async () => ({ recipients: recipients.map((x) => ({ ...x })) }),
        setRecipient: async (_j: string, _i: number, position: number, result: Pick<RecipientResult, 'state' | 'error'>) => void Object.assign(recipients[position]!, result),
        countBatch: async () => (counted ? false : (counted = true)),
        addToJob: async (_j: string, counts: NonNullable<OfficeJob['counts']>) => ({ ...job, total: recipients.length, counts, batches_total: 1, batches_done: 1 }),
        finish: async (...args: unknown[]) => void finished.push(args),
      },
      preferences: { optedOut: async (id: string) => (options.optedOut ?? []).includes(id) },
      tokens: { issue: async (id: string) => `token-${id}` },
      mailer: {
        send: async (mail: Mail) => {
          if ((options.failFor ?? []).includes(mail.to)) throw new Error('SES throttled');
          if ((options.withheldFor ?? []).includes(mail.to)) return 'withheld' as const;
          sent.push(mail);
          return 'sent' as const;
        },
      },
      sleep: async (ms: number) => void pauses.push(ms),
      log: { info: () => undefined, error: () => undefined },
    } as unknown as MailWorkerDeps;
    return { deps, sent, pauses, finished, recipients };
  }
  const people = (...ids: string[]): RecipientResult[] => ids.map((id) => ({ email: `${id}@example.org`, user_id: id, first_name: id, order_no: '', amount: '', state: 'pending' }));

  it('sends each pending recipient at the office rate, records each outcome, counts the batch once and finishes the job', async () => {
    const w = world([...people('a', 'b', 'c', 'd'), { ...people('e')[0]!, state: 'sent' }], { optedOut: ['b'], failFor: ['c@example.org'], withheldFor: ['d@example.org'] });
    await sendMailBatch(w.deps, job, 0, () => NOW);
    expect(w.recipients.map((r) => r.state)).toEqual(['sent', 'opted_out', 'failed', 'withheld', 'sent']);
    expect(w.recipients[2]!.error).toBe('The mail service refused or did not answer.');
    expect(w.sent.map((m) => m.to)).toEqual(['a@example.org']);
    expect(w.sent[0]!.subject).toBe('News for a');
    expect(w.sent[0]!.headers).toEqual(unsubscribeHeaders('https://congress.test/api/v1/admin/unsubscribe/token-a'));
    expect(w.sent[0]!.text).toContain('https://congress.test/common/unsubscribe?token=token-a');
    // A pause between sends (none before the first; the opted-out one sends nothing).
    expect(w.pauses).toEqual([mailPauseMs(), mailPauseMs()]);
    expect(w.finished).toHaveLength(1);
    expect(tally(w.recipients)).toEqual({ sent: 2, withheld: 1, opted_out: 1, failed: 1 });

    // A second delivery of the same batch sends nobody again and counts nothing.
    await sendMailBatch(w.deps, job, 0, () => NOW);
    expect(w.sent).toHaveLength(1);
    expect(w.finished).toHaveLength(1);
  });

  it('gives up a batch at its last delivery: who was waiting is recorded as failed, the batch counted, the job finished', async () => {
    const w = world([{ ...people('a')[0]!, state: 'sent' }, ...people('b')]);
    await giveUpMailBatch(w.deps, job, 0, () => NOW);
    expect(w.recipients.map((r) => [r.state, r.error])).toEqual([
      ['sent', undefined],
      ['failed', mailMessages.gaveUp],
    ]);
    expect(w.finished).toHaveLength(1);
  });
});
