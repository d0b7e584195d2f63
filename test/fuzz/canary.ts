/**
 * After the fuzz: a new delegate's ordinary flow must give exactly the answers it gives on a fresh
 * portal. A process whose state was corrupted (prototype writes, shared mutable data, poisoned
 * caches) shows here: inherited fields would fill empty forms, an inherited api_token would log
 * requests in, a changed default would show in the person info.
 */
import { accountMessages } from '#core/accounts/accounts';
import { messages as formMessages } from '#core/accounts/schemas';
import { abstractLimits } from '#core/config/conference';
import { OPEN, newDelegate, setupCall, type Origins } from './world';

/** Answers the differences from the expected answers (empty when all is well). */
export async function canary(o: Origins): Promise<string[]> {
  const problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${what}:\n  expected ${JSON.stringify(expected)}\n  got      ${JSON.stringify(actual)}`);
  };

  const d = await newDelegate(o, 'canary');
  check('login token', /^[\w-]{43}$/.test(d.token), true);

  const info = await setupCall(o, 'GET', '/get_person_info', { token: d.token });
  check('GET /get_person_info', info, {
    code: 200,
    message: 'success',
    data: {
      id: d.id,
      email: d.email,
      first_name: '',
      middle_initial: '',
      last_name: '',
      nick_name: '',
      // A name in Chinese characters: none given (issue 32, decision 0060).
      family_name_in_chinese: '',
      given_name_in_chinese: '',
      occupation: '',
      organization: '',
      country: '',
      mobile: '',
      status: 1,
      pay_status: 1,
      repast_status: 1,
      register_status: 0,
      regiatration_type: null,
      register_code: null,
      register_fee: null,
      dinner_fee: null,
      oeso_member: null,
      young_file: [],
      fellow_file: [],
      payment_voucher: null,
      review_reason: null,
      register: [],
      dinner: [],
      // No bounce or complaint known for a new address (the account centre's notice).
      mail_delivery: null,
      // Not an organiser: no link to the registration office in the menu.
      office: false,
      // Neither a reviewer nor on the committee: no link to the abstract review.
      review: false,
      // The language of the page it signed up on: English, as the fuzz's client names none (decision 0058).
      language: 'en',
    },
  });

  check('GET /contribute (open)', await setupCall(o, 'GET', '/contribute', { token: d.token, at: OPEN }), {
    code: 200,
    message: 'success',
    data: { items: [], total: 0, max: abstractLimits.maxAbstractsPerDelegate, editable: true },
  });

  // No token: refused, whatever a body without one inherits.
  check('POST /logout without a token', await setupCall(o, 'POST', '/logout', { json: {} }), { code: 401, message: 'Please log in first.', data: null });

  // An empty profile form: every required field is reported, none filled by inherited values.
  const empty = await setupCall(o, 'POST', '/update', { token: d.token, json: {} });
  check('POST /update with {}', empty, {
    code: 422,
    message: formMessages.required,
    data: { errors: { occupation: formMessages.required, organization: formMessages.required, country: formMessages.required, mobile: formMessages.required } },
  });

  check('POST /logout', await setupCall(o, 'POST', '/logout', { token: d.token }), { code: 200, message: accountMessages.loggedOut, data: null });
  check('GET /get_person_info after logout', await setupCall(o, 'GET', '/get_person_info', { token: d.token }), {
    code: 401,
    message: accountMessages.sessionEnded,
    data: null,
  });
  return problems;
}
