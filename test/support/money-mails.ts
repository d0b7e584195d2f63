/**
 * The oracle of what money mails say (issue 29 item 3): a mail about a payment or a refund must
 * say what the ledger records it is about say: the amount and the method of the payment, and of
 * the refund with what is refunded. Used by the unit tests (in-memory outbox) and by the
 * model-based money test (the local SES store, test/money): every money mail a delegate got is
 * read as a delegate reads it (its text) and compared with the ledger of its order or registration.
 *
 * A money mail carries its facts as labelled sections ("Payment:", "Refund:", "Received:",
 * "Still to transfer:" with "- Amount: US$..." and "- Method: card | bank transfer" items); the
 * prose around them may not contradict them: it names a card only when a record of the mail is a
 * card's, and says "in full" only when the refund gives back the whole payment.
 */
import type { Payment, Refund } from '#core/payments/model';
import type { SubjectLedger } from '#core/payments/ports';
import { formatMoney } from '#core/money';

export interface MailText {
  subject: string;
  text: string;
}

/** What a mail is about: an order (by its number) or a registration by category (by its code) and its ledger. */
export interface MailSubjectMoney {
  /** What it costs now, in cents (an order's amount_required; a registration subject's payable). */
  cost: number;
  ledger: SubjectLedger;
}

export type MoneyMailKind = 'payment-received' | 'payment-incomplete' | 'surplus-refunded' | 'refund-requested' | 'refund-completed' | 'refund-failed';

/** The mails about money, by the start of their subject, and the number or code they name. */
const kinds: { kind: MoneyMailKind; subject: RegExp }[] = [
  { kind: 'payment-received', subject: /^Payment received: (?:registration order|registration fee|dinners of registration) (\S+)$/ },
  { kind: 'payment-incomplete', subject: /^Incomplete payment: registration order (\S+)$/ },
  { kind: 'surplus-refunded', subject: /^(?:Payment refunded|Second payment refunded|Overpayment to be refunded): registration(?: order)? (\S+)$/ },
  { kind: 'refund-requested', subject: /^Cancellation of registration(?: order)? (\S+)$/ },
  { kind: 'refund-completed', subject: /^Refund (?:completed|sent): registration(?: order)? (\S+)$/ },
  { kind: 'refund-failed', subject: /^Refund not completed: registration(?: order)? (\S+)$/ },
];

/** The kind and the order number (or registration code) of a money mail; undefined for any other mail. */
export function moneyMailOf(subject: string): { kind: MoneyMailKind; key: string } | undefined {
  for (const k of kinds) {
    const m = k.subject.exec(subject.trim());
    if (m) return { kind: k.kind, key: m[1]! };
  }
  return undefined;
}

/** The labelled sections of a mail's text (templates.ts `layout`: "Heading:" then "- item" lines). */
export function sectionsOf(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const heading = /^([A-Z][\w ]*):$/.exec(line);
    if (heading) {
      current = [];
      out.set(heading[1]!, current);
    } else if (line.startsWith('- ') && current) current.push(line.slice(2));
    else if (line.trim() === '') current = undefined;
  }
  return out;
}

const cents = (printed: string) => Number(printed.replace(/[^0-9]/g, ''));
const method = (word: string | undefined) => (word === 'card' ? 'card' : word === 'bank transfer' ? 'transfer' : undefined);

/** A section's amount and method ("Amount: US$50.00", "Method: bank transfer"). */
function factsOf(items: string[] | undefined) {
  if (!items) return undefined;
  const amount = items.find((i) => i.startsWith('Amount: '))?.slice('Amount: '.length);
  const how = items.find((i) => i.startsWith('Method: '))?.slice('Method: '.length);
  return { amount: amount ? cents(amount) : undefined, method: method(how), printedMethod: how };
}

const described = (r: Payment | Refund) => `${'reason' in r ? `refund ${r.reason} ${r.state}` : `payment ${r.state}${r.surplus ? ` surplus:${r.surplus}` : ''}`} ${r.method} ${formatMoney(r.amount)}`;

/** What an order held when a part of its transfer arrived: that part and the parts before it (the chain of rests it ends). */
function heldAfterPart(ledger: SubjectLedger, part: Payment) {
  let held = 0;
  for (let p: Payment | undefined = part; p; p = ledger.payments.find((q) => q.id === p!.rest_of)) held += p.amount;
  return held;
}

/**
 * What is wrong with one money mail against the ledger of what it is about (an empty list: it
 * is true). `money` is undefined when the mail names nothing the run knows (itself a fault).
 */
export function moneyMailProblems(mail: MailText, money: MailSubjectMoney | undefined): string[] {
  const of = moneyMailOf(mail.subject);
  if (!of) return [];
  if (!money) return [`"${mail.subject}": names ${of.key}, which is not an order or registration of this run`];
  const problems: string[] = [];
  const say = (what: string) => problems.push(`"${mail.subject}": ${what}; the ledger has ${[...money.ledger.payments, ...money.ledger.refunds].map(described).join(', ') || 'nothing'}`);
  const sections = sectionsOf(mail.text);
  const payment = factsOf(sections.get('Payment'));
  const refund = factsOf(sections.get('Refund'));
  const { payments, refunds } = money.ledger;
  const methods = new Set<string>();

  const needPayment = (ok: (p: Payment) => boolean, what: string) => {
    if (!payment || payment.amount === undefined || !payment.method) return say(`no "Payment" section with its amount and method (${what})`);
    methods.add(payment.method);
    if (!payments.some((p) => p.amount === payment.amount && p.method === payment.method && ok(p)))
      say(`says a ${what} of ${formatMoney(payment.amount)} by ${payment.printedMethod}, which no payment record is`);
  };
  const needRefund = (ok: (r: Refund) => boolean, what: string) => {
    if (!refund || refund.amount === undefined || !refund.method) return say(`no "Refund" section with its amount and method (${what})`);
    methods.add(refund.method);
    const found = refunds.filter((r) => r.amount === refund.amount && r.method === refund.method && ok(r));
    if (!found.length) return say(`says a ${what} of ${formatMoney(refund.amount)} by ${refund.printedMethod}, which no refund record is`);
    // "in full": the refund gives back all of a payment it comes from.
    if (/\bin full\b/i.test(mail.text) && !found.some((r) => payments.some((p) => p.id === r.payment_id && p.amount === r.amount)))
      say(`says the refund of ${formatMoney(refund.amount)} gives a payment back in full, and it does not`);
    if (payment?.amount !== undefined && !found.some((r) => payments.some((p) => p.id === r.payment_id && p.amount === payment.amount && p.method === payment.method)))
      say(`says the refund of ${formatMoney(refund.amount)} comes from a payment of ${formatMoney(payment.amount)} by ${payment.printedMethod}, and it does not`);
  };

  switch (of.kind) {
    case 'payment-received':
      needPayment((p) => p.state === 'confirmed' || p.state === 'refunded', 'payment received');
      break;
    case 'payment-incomplete': {
      const received = factsOf(sections.get('Received'));
      const missing = factsOf(sections.get('Still to transfer'));
      if (!received?.amount || !missing?.amount) {
        say('no "Received" and "Still to transfer" sections with their amounts');
        break;
      }
      methods.add('transfer');
      // Two parts of one amount may have arrived (two small transfers): the mail is about one of them.
      const parts = payments.filter((p) => p.method === 'transfer' && p.amount === received.amount && p.confirmed_at && payments.some((w) => w.rest_of === p.id));
      if (!parts.length) say(`says ${formatMoney(received.amount)} arrived by bank transfer, which no confirmed transfer awaiting a rest is`);
      else if (!parts.some((part) => missing.amount === money.cost - heldAfterPart(money.ledger, part)))
        say(`says ${formatMoney(missing.amount)} is still missing; the order costs ${formatMoney(money.cost)} and held ${parts.map((part) => formatMoney(heldAfterPart(money.ledger, part))).join(' or ')} then`);
      break;
    }
    case 'surplus-refunded':
      needPayment((p) => p.state === 'confirmed' || p.state === 'refunded', 'payment received');
      needRefund((r) => r.reason === 'surplus', 'refund of money that could not be counted');
      break;
    case 'refund-requested':
      // A cancellation without a refund has neither section (the policy gave nothing back).
      if (sections.has('Refund')) needRefund((r) => r.reason === 'cancellation', 'cancellation refund');
      break;
    case 'refund-completed':
      needRefund((r) => Boolean(r.done_at), 'refund made');
      break;
    case 'refund-failed':
      needRefund((r) => r.state === 'failed', 'refund that failed');
      break;
  }
  // The prose names a card only when a record the mail is about is a card's (any of the subject's
  // records when the mail names none), and a bank transfer only when one is a transfer.
  const has = (m: string) => (methods.size > 0 ? methods.has(m) : [...payments, ...refunds].some((r) => r.method === m));
  const prose = mail.text.split('\n--\n')[0]!.replace(/Bank transfer refunds take[^\n]*/g, '');
  if (/\bcard\b/i.test(prose) && !has('card')) say('speaks of a card, but its records are bank transfers');
  if (/\bbank transfer\b/i.test(prose) && !has('transfer')) say('speaks of a bank transfer, but its records are card payments');
  return problems;
}
