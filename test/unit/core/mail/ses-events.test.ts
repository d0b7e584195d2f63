/** SES's notifications read as hostile input, and which addresses they mark (fixed clock). */
import { describe, expect, it } from 'vitest';
import { marksOf, parseSesNotification } from '#core/mail/ses-events';
import { recordMailEvent } from '#core/mail/record-mail-event';
import { fakeMailMarks } from './fake-marks';

const now = new Date('2024-08-03T06:00:00Z');

/** The shape SES publishes through a configuration set (event publishing), as in SES's examples. */
function bounceEvent(over: { bounceType?: string; recipients?: string[]; destination?: string[]; timestamp?: string } = {}) {
  return {
    eventType: 'Bounce',
    bounce: {
      bounceType: over.bounceType ?? 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: (over.recipients ?? ['ada@example.org']).map((emailAddress) => ({
        emailAddress,
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      })),
      timestamp: over.timestamp ?? '2024-08-03T02:41:02.669Z',
      feedbackId: '0100018f-feedback',
      reportingMTA: 'dsn; a1-2.smtp-out.amazonses.com',
    },
    mail: {
      timestamp: '2024-08-03T02:40:59.012Z',
      source: 'IACR 2024 Beijing <no-reply@example.org>',
      sendingAccountId: '123456789012',
      messageId: '0100018f-message',
      destination: over.destination ?? ['ada@example.org'],
      headersTruncated: false,
      tags: { 'ses:configuration-set': ['congress'] },
    },
  };
}

function complaintEvent(feedbackType?: string) {
  return {
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: 'Bob@Example.org' }],
      timestamp: '2024-08-04T01:00:00.000Z',
      feedbackId: '0100018f-complaint',
      userAgent: 'Mozilla/5.0',
      ...(feedbackType ? { complaintFeedbackType: feedbackType } : {}),
      arrivalDate: '2024-08-04T00:59:00.000Z',
    },
    mail: { messageId: '0100018f-m2', destination: ['bob@example.org'] },
  };
}

const marks = (event: unknown) => {
  const parsed = parseSesNotification(JSON.stringify(event));
  if (!parsed.ok) throw new Error(parsed.reason);
  return marksOf(parsed.notification, now);
};

describe('SES notifications', () => {
  it('marks a permanent bounce with its time and diagnostic', () => {
    expect(marks(bounceEvent())).toEqual([
      {
        address: 'ada@example.org',
        kind: 'bounced',
        at: '2024-08-03T02:41:02.669Z',
        diagnostic: 'Permanent/General: smtp; 550 5.1.1 user unknown',
        messageId: '0100018f-message',
      },
    ]);
  });

  it('does not mark transient or undetermined bounces', () => {
    expect(marks(bounceEvent({ bounceType: 'Transient' }))).toEqual([]);
    expect(marks(bounceEvent({ bounceType: 'Undetermined' }))).toEqual([]);
  });

  it('marks a complaint (address lower-cased), but not feedback that says not-spam', () => {
    expect(marks(complaintEvent('abuse'))).toMatchObject([{ address: 'bob@example.org', kind: 'complained', diagnostic: 'Complaint/abuse' }]);
    expect(marks(complaintEvent())).toMatchObject([{ kind: 'complained', diagnostic: 'Complaint/unspecified' }]);
    expect(marks(complaintEvent('not-spam'))).toEqual([]);
  });

  it('reads identity notifications too (notificationType instead of eventType)', () => {
    const { eventType: _, ...rest } = bounceEvent();
    expect(marks({ ...rest, notificationType: 'Bounce' })).toHaveLength(1);
  });

  it('marks only addresses we wrote to; a forwarded final recipient marks our one destination', () => {
    expect(marks(bounceEvent({ recipients: ['ada@example.org', 'stranger@elsewhere.org'], destination: ['ada@example.org'] })).map((m) => m.address)).toEqual([
      'ada@example.org',
    ]);
    expect(marks(bounceEvent({ recipients: ['ada@forwarded.example'], destination: ['Ada <ADA@example.org>'] })).map((m) => m.address)).toEqual(['ada@example.org']);
  });

  it('takes the time it was read when SES gives no valid time', () => {
    expect(marks(bounceEvent({ timestamp: 'yesterday' }))[0]!.at).toBe(now.toISOString());
  });

  it('marks nothing for other event types', () => {
    expect(marks({ eventType: 'Delivery', mail: { destination: ['ada@example.org'] }, delivery: {} })).toEqual([]);
    expect(marks({ eventType: 'Bounce' })).toEqual([]);
  });

  it('refuses what is not an SES notification, without touching prototypes', () => {
    expect(parseSesNotification('not json')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseSesNotification('[]').ok).toBe(false);
    expect(parseSesNotification(JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 7 } })).ok).toBe(false);
    expect(parseSesNotification(JSON.stringify(bounceEvent({ recipients: Array.from({ length: 101 }, (_, i) => `a${i}@example.org`) }))).ok).toBe(false);
    expect(parseSesNotification('x'.repeat(256 * 1024 + 1))).toEqual({ ok: false, reason: 'too large' });
    const hostile = '{"__proto__":{"polluted":true},"eventType":"Bounce","constructor":{"prototype":{"polluted":true}}}';
    const parsed = parseSesNotification(hostile);
    expect(parsed.ok).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(parsed.ok && Object.keys(parsed.notification)).toEqual(['eventType']);
  });
});

describe('recording a notification', () => {
  const log = () => {
    const lines: string[] = [];
    return { lines, error: (m: string) => void lines.push(`error ${m}`), info: (m: string) => void lines.push(m) };
  };

  it('stores the mark; an older notification arriving later changes nothing', async () => {
    const m = fakeMailMarks();
    const l = log();
    expect(await recordMailEvent({ marks: m.store, log: l }, JSON.stringify(bounceEvent()), now)).toEqual({ marked: 1, dropped: false });
    const older = bounceEvent({ timestamp: '2024-08-01T00:00:00.000Z' });
    expect(await recordMailEvent({ marks: m.store, log: l }, JSON.stringify(older), now)).toEqual({ marked: 0, dropped: false });
    expect(m.marks.get('ada@example.org')?.at).toBe('2024-08-03T02:41:02.669Z');
    expect(l.lines).toEqual(['mail.bounced', 'mail.bounced.older']);
  });

  it('drops (and logs) a message that is not a notification', async () => {
    const m = fakeMailMarks();
    const l = log();
    expect(await recordMailEvent({ marks: m.store, log: l }, '{"eventType":', now)).toEqual({ marked: 0, dropped: true });
    expect(l.lines).toEqual(['error mail event dropped']);
    expect(m.marks.size).toBe(0);
  });
});
