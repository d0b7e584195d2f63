/**
 * The money mails of a run (issue 29 item 3): every mail the run's delegates got about a payment
 * or a refund, read from the local SES store (MAIL_ORIGIN /store) as the delegate reads it, must
 * say what the ledger records it is about say (test/support/money-mails.ts): the amount and the
 * method of the payment, the amount, method and kind of the refund, what is still missing. A mail
 * that does not is a violation of the order (or registration) it names: `mail-true`.
 */
import type { SubjectLedger } from '#core/payments/ports';
import { registrationSubject, REGISTRATION_DINNERS, REGISTRATION_FEE } from '#core/registration-by-category/registration-payables';
import { ledger } from '#storage/ledger';
import { registrationStore } from '#storage/registrations';
import { mailOrigin } from '../api/support';
import { moneyMailOf, moneyMailProblems, type MailSubjectMoney } from '../support/money-mails';
import { ownerMoney } from './stack';
import type { OrderCheck, World } from './world';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  at: number;
}

/** The mails sent since the run began (the store keeps every test's; `at` is in whole seconds). */
async function mailsSince(startedMs: number): Promise<StoredMail[]> {
  const r = await fetch(`${mailOrigin()}/store?since=${Math.floor(startedMs / 1000) - 1}`, { signal: AbortSignal.timeout(30_000) });
  return ((await r.json()) as { emails: StoredMail[] }).emails;
}

const merge = (a: SubjectLedger, b: SubjectLedger): SubjectLedger => ({ payments: [...a.payments, ...b.payments], refunds: [...a.refunds, ...b.refunds] });

/** Checks every money mail of the run against the ledger; adds a `mail-true` violation to the check of what it names. */
export async function checkMoneyMails(w: World, checks: OrderCheck[]) {
  const mails = await mailsSince(w.started);
  for (const del of w.delegates) {
    const address = del.person.email.toLowerCase();
    const mine = mails.filter((m) => m.destination.to.some((to) => to.toLowerCase().includes(address)) && moneyMailOf(m.subject));
    if (!mine.length) continue;
    // What each mail may name: the delegate's orders by number, its registration by code (fee and dinners together).
    const known = new Map<string, MailSubjectMoney & { check?: OrderCheck }>();
    const { orders, ledgers } = await ownerMoney(del.person.userId);
    for (const order of orders.values())
      known.set(order.order_no, { cost: order.amount_required, ledger: ledgers.get(order.id) ?? { payments: [], refunds: [] }, check: checks.find((c) => c.orderId === order.id) });
    const registration = await registrationStore.get(del.person.userId);
    if (registration) {
      const [fee, dinners] = await Promise.all([REGISTRATION_FEE, REGISTRATION_DINNERS].map((kind) => ledger.ofSubject(registrationSubject(registration, kind))));
      known.set(registration.register_code, { cost: 0, ledger: merge(fee!, dinners!), check: checks.find((c) => c.orderId === `${REGISTRATION_FEE}:${registration.register_code}`) });
    }
    for (const mail of mine) {
      w.fig.mails += 1;
      const about = known.get(moneyMailOf(mail.subject)!.key);
      const problems = moneyMailProblems({ subject: mail.subject, text: mail.body.text ?? '' }, about);
      if (!problems.length) continue;
      const check = about?.check ?? checks.find((c) => c.userId === del.person.userId);
      w.fig.violations += problems.length;
      if (check) (check.violations as { rule: string; detail: string }[]).push(...problems.map((detail) => ({ rule: 'mail-true', detail })));
      else w.fig.failures.push(...problems);
    }
  }
}
