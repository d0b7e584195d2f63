/**
 * The hosted checkout page (`GET /pay/{session_id}`, what a session's `url` opens): plain
 * server-rendered HTML with no script and no external asset. It lists the line items and the
 * total, takes a test card (number, expiry, CVC) or a test bank account (the delayed method),
 * and posts back to itself: paid -> 303 to `success_url` with the session id; declined or
 * mistyped -> the page again with Stripe's message. "Cancel and return" links to `cancel_url`.
 * Alipay and WeChat Pay (when the session allows them) are redirect wallets: choosing one leads to
 * the wallet's test page (`/pay/{id}/authorize/{alipay|wechat_pay}`, like Stripe's test-mode
 * redirect page) with "Authorize test payment" (paid, as a card) and "Fail test payment" (back to
 * the checkout page, still open, with Stripe's message).
 */
import { TEST_BANK_ACCOUNTS, TEST_CARDS, WALLET_NAMES, type Engine, type PayWith } from './engine';
import { availableMethods, formatMoney } from './objects';
import { StripeError } from './params';
import { WALLETS, type SessionRecord, type WalletType } from './store';

export interface PageAnswer {
  status: number;
  html?: string;
  location?: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:34rem;margin:0 auto;padding:1rem}
.badge{display:inline-block;margin:0 0 .5rem;padding:.1rem .5rem;border-radius:4px;background:#ffde92;color:#5c3b00;font-size:.875rem;font-weight:600}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d5dbe1;border-radius:6px}
th,td{padding:.5rem;text-align:left;vertical-align:top;border-bottom:1px solid #e3e8ee}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.muted{color:#4f566b;font-size:.875rem}
form{margin-top:1rem}
fieldset{margin:0 0 1rem;padding:.75rem;border:1px solid #d5dbe1;border-radius:6px;background:#fff}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:500;margin:.5rem 0 .25rem}
label.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.25rem 0}
input[type=text]{width:100%;padding:.625rem;font-size:1rem;border:1px solid #8792a2;border-radius:4px}
input[aria-invalid=true]{border-color:#c0123c;outline:1px solid #c0123c}
input:focus,button:focus,a:focus{outline:3px solid #0a5ccc;outline-offset:2px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.hint{margin:.25rem 0 0;color:#4f566b;font-size:.875rem}
.alert{padding:.75rem;border-radius:6px;background:#fde8ec;color:#8a0b29;border:1px solid #c0123c;font-weight:600}
button{width:100%;padding:.75rem;font-size:1.0625rem;font-weight:600;color:#fff;background:#0a5ccc;border:0;border-radius:6px;cursor:pointer}
button.secondary{color:#0a5ccc;background:#fff;border:1px solid #0a5ccc}
a{color:#0a5ccc}
p.back{margin-top:1rem;text-align:center}
`;

function document(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Test mode: local Stripe</p>
${body}
</main>
</body>
</html>
`;
}

interface FormState {
  method: 'card' | 'bank_debit' | WalletType;
  values: Record<string, string>;
  error?: { message: string; field?: string };
}

function field(id: string, name: string, label: string, state: FormState, extra: { hint?: string; autocomplete?: string; placeholder?: string } = {}) {
  const invalid = state.error?.field === name;
  const described = [extra.hint ? `${id}-hint` : '', invalid ? 'form-error' : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${escape(label)}</label>
<input type="text" id="${id}" name="${name}" inputmode="numeric"${extra.autocomplete ? ` autocomplete="${extra.autocomplete}"` : ''}${
    extra.placeholder ? ` placeholder="${escape(extra.placeholder)}"` : ''
  } value="${escape(state.values[name] ?? '')}"${described ? ` aria-describedby="${described}"` : ''}${invalid ? ' aria-invalid="true" autofocus' : ''}>
${extra.hint ? `<p class="hint" id="${id}-hint">${escape(extra.hint)}</p>` : ''}`;
}

function checkoutHtml(session: SessionRecord, state: FormState) {
  const total = formatMoney(session.amount_total, session.currency);
  const methods = availableMethods(session);
  const rows = session.line_items
    .map((item) => {
      const description = item.description ? `<br><span class="muted">${escape(item.description)}</span>` : '';
      return `<tr><td>${escape(item.name)}${description}</td><td class="num">${item.quantity}</td><td class="num">${formatMoney(item.unit_amount * item.quantity, item.currency)}</td></tr>`;
    })
    .join('\n');
  const choice = (value: FormState['method'], label: string) =>
    `<label class="choice"><input type="radio" name="method" value="${value}"${state.method === value ? ' checked' : ''}> ${escape(label)}</label>`;
  const card = methods.includes('card')
    ? `<fieldset>
<legend>Card</legend>
${field('card-number', 'card_number', 'Card number', state, {
  autocomplete: 'cc-number',
  placeholder: '1234 1234 1234 1234',
  hint: `Test cards: ${spaced(TEST_CARDS.pays)} pays; ${spaced(TEST_CARDS.declined)} is declined; ${spaced(TEST_CARDS.refundsFail)} pays but its refunds fail.`,
})}
<div class="row">
<div>${field('card-expiry', 'card_expiry', 'Expiry date (MM / YY)', state, { autocomplete: 'cc-exp', placeholder: 'MM / YY' })}</div>
<div>${field('card-cvc', 'card_cvc', 'Security code (CVC)', state, { autocomplete: 'cc-csc', placeholder: '123' })}</div>
</div>
</fieldset>`
    : '';
  const bank = methods.includes('us_bank_account')
    ? `<fieldset>
<legend>Bank debit (settles later)</legend>
${field('bank-account', 'bank_account', 'Account number', state, {
  hint: `Test accounts: ${TEST_BANK_ACCOUNTS.settles} settles after a few seconds; ${TEST_BANK_ACCOUNTS.fails} fails.`,
})}
</fieldset>`
    : '';
  const wallets = WALLETS.filter((w) => methods.includes(w));
  const choices = [...(card ? (['card'] as const) : []), ...(bank ? (['bank_debit'] as const) : []), ...wallets];
  const label = (value: FormState['method']) =>
    value === 'card' ? 'Card' : value === 'bank_debit' ? 'Bank debit (settles later)' : `${WALLET_NAMES[value]} (you are sent to ${WALLET_NAMES[value]} to authorise)`;
  const chooser =
    choices.length > 1
      ? `<fieldset>
<legend>Payment method</legend>
${choices.map((value) => choice(value, label(value))).join('\n')}
</fieldset>`
      : `<input type="hidden" name="method" value="${choices[0] ?? 'card'}">`;
  const error = state.error ? `<p class="alert" role="alert" id="form-error">${escape(state.error.message)}</p>` : '';
  const email = session.customer_email ? `<p class="muted">Receipt to ${escape(session.customer_email)}</p>` : '';
  const cancel = session.cancel_url ? `<p class="back"><a href="${escape(session.cancel_url)}">Cancel and return</a></p>` : '';
  return document(
    `Pay ${total}`,
    `<h1>Pay ${escape(total)}</h1>
${email}
<h2 id="summary">Order summary</h2>
<table aria-labelledby="summary">
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${escape(total)}</td></tr></tfoot>
</table>
<form method="post" action="/pay/${escape(session.id)}" novalidate>
${error}
${chooser}
${card}
${bank}
<button type="submit">Pay ${escape(total)}</button>
</form>
${cancel}`,
  );
}

function messageHtml(title: string, text: string, link: { href: string | null; label: string }) {
  const back = link.href ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : '';
  return document(title, `<h1>${escape(title)}</h1>\n<p>${escape(text)}</p>\n${back}`);
}

/** Where the page sends the buyer after paying. */
export function successLocation(session: SessionRecord) {
  return session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : `/pay/${session.id}`;
}

function closedPage(session: SessionRecord): PageAnswer {
  if (session.status === 'complete')
    return {
      status: 200,
      html: messageHtml('Payment complete', `This checkout session is complete (${formatMoney(session.amount_total, session.currency)}).`, {
        href: session.success_url ? successLocation(session) : null,
        label: 'Return to the site',
      }),
    };
  return {
    status: 410,
    html: messageHtml('This checkout session has expired', 'It can no longer be paid. Go back to the site and start the payment again.', {
      href: session.cancel_url,
      label: 'Return to the site',
    }),
  };
}

const notFound = (id: string): PageAnswer => ({
  status: 404,
  html: messageHtml('Checkout session not found', `There is no checkout session ${id}.`, { href: null, label: '' }),
});

const EXPIRY = /^\s*(0?[1-9]|1[0-2])\s*[/-]?\s*(\d{2}|\d{4})\s*$/;
const CVC = /^\s*\d{3,4}\s*$/;

/** Reads the posted form: the payment to make, or the message to show and the field it concerns. */
function readForm(form: URLSearchParams): { method: FormState['method']; pay?: PayWith; error?: FormState['error'] } {
  const chosen = form.get('method');
  const wallet = WALLETS.find((w) => w === chosen);
  if (wallet) return { method: wallet, error: { message: `This Checkout Session does not accept ${WALLET_NAMES[wallet]}.` } };
  const method = chosen === 'bank_debit' ? 'bank_debit' : 'card';
  if (method === 'bank_debit') {
    const account = form.get('bank_account')?.trim() ?? '';
    if (!account) return { method, error: { message: 'Your bank account number is incomplete.', field: 'bank_account' } };
    return { method, pay: { bank_account: account } };
  }
  const number = form.get('card_number')?.trim() ?? '';
  if (!number) return { method, error: { message: 'Your card number is incomplete.', field: 'card_number' } };
  if (!EXPIRY.test(form.get('card_expiry') ?? '')) return { method, error: { message: "Your card's expiration date is incomplete.", field: 'card_expiry' } };
  if (!CVC.test(form.get('card_cvc') ?? '')) return { method, error: { message: "Your card's security code is incomplete.", field: 'card_cvc' } };
  return { method, pay: { card: number } };
}

const FIELD_OF_PARAM: Record<string, string> = { number: 'card_number', bank_account: 'bank_account' };

/** `GET|POST /pay/{id}`. `commit` persists the change and starts the deliveries it caused. */
export async function checkoutPage(
  engine: Engine,
  method: string,
  id: string,
  body: string,
  commit: () => Promise<void>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<PageAnswer> {
  engine.runDue();
  let session: SessionRecord;
  try {
    session = engine.session(id);
  } catch {
    return notFound(id);
  }
  if (session.status !== 'open') return closedPage(session);
  if (method !== 'POST') {
    const failed = WALLETS.find((w) => w === query.get('failed'));
    const state: FormState = failed
      ? { method: failed, values: {}, error: { message: WALLET_FAILED } }
      : { method: firstMethod(session), values: {} };
    return { status: 200, html: checkoutHtml(session, state) };
  }

  const form = new URLSearchParams(body);
  const values = Object.fromEntries(['card_number', 'card_expiry', 'card_cvc', 'bank_account'].map((k) => [k, form.get(k) ?? '']));
  const read = readForm(form);
  const wallet = WALLETS.find((w) => w === read.method);
  // A wallet is a redirect: to its (test) page, where the buyer authorises or fails the payment.
  if (wallet && availableMethods(session).includes(wallet)) return { status: 303, location: `/pay/${encodeURIComponent(id)}/authorize/${wallet}` };
  if (read.error) return { status: 400, html: checkoutHtml(session, { method: read.method, values, error: read.error }) };
  try {
    engine.pay(id, read.pay!);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    if (session.status !== 'open') return closedPage(session);
    const fieldName = error.param ? FIELD_OF_PARAM[error.param] : undefined;
    return {
      status: error.status,
      html: checkoutHtml(session, { method: read.method, values, error: { message: error.message, ...(fieldName ? { field: fieldName } : {}) } }),
    };
  }
  await commit();
  return { status: 303, location: successLocation(session) };
}

/** Stripe Checkout's message when a redirect payment method was not authorised. */
export const WALLET_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

function firstMethod(session: SessionRecord): FormState['method'] {
  const first = availableMethods(session)[0];
  return first === 'us_bank_account' ? 'bank_debit' : ((first ?? 'card') as FormState['method']);
}

function walletHtml(session: SessionRecord, wallet: WalletType) {
  const total = formatMoney(session.amount_total, session.currency);
  const name = WALLET_NAMES[wallet];
  return document(
    `${name}: authorize test payment`,
    `<h1>${escape(name)} test payment</h1>
<p>This is the local Stripe's stand-in for ${escape(name)}: a real buyer would ${
      wallet === 'wechat_pay' ? 'scan a QR code with WeChat' : 'log in to Alipay'
    } here to authorise ${escape(total)}.</p>
<form method="post" action="/pay/${escape(session.id)}/authorize/${wallet}">
<button type="submit" name="outcome" value="authorize">Authorize test payment</button>
</form>
<form method="post" action="/pay/${escape(session.id)}/authorize/${wallet}">
<button type="submit" name="outcome" value="fail" class="secondary">Fail test payment</button>
</form>`,
  );
}

/**
 * `GET|POST /pay/{id}/authorize/{wallet}`: the wallet's test redirect page. Authorize -> paid as a
 * card is (`checkout.session.completed`, paid), 303 to `success_url`; fail ->
 * `payment_intent.payment_failed`, the session stays open, 303 back to the checkout page, which
 * says so.
 */
export async function walletPage(engine: Engine, method: string, id: string, wallet: WalletType, body: string, commit: () => Promise<void>): Promise<PageAnswer> {
  engine.runDue();
  let session: SessionRecord;
  try {
    session = engine.session(id);
  } catch {
    return notFound(id);
  }
  if (session.status !== 'open') return closedPage(session);
  if (!availableMethods(session).includes(wallet))
    return { status: 400, html: messageHtml(`${WALLET_NAMES[wallet]} is not offered`, `This checkout session does not accept ${WALLET_NAMES[wallet]}.`, { href: `/pay/${session.id}`, label: 'Back to the payment page' }) };
  if (method !== 'POST') return { status: 200, html: walletHtml(session, wallet) };
  const outcome = new URLSearchParams(body).get('outcome');
  if (outcome !== 'authorize' && outcome !== 'fail') return { status: 400, html: walletHtml(session, wallet) };
  if (outcome === 'fail') {
    engine.failWallet(id, wallet);
    await commit();
    return { status: 303, location: `/pay/${encodeURIComponent(id)}?failed=${wallet}` };
  }
  engine.pay(id, { wallet });
  await commit();
  return { status: 303, location: successLocation(session) };
}
