/**
 * Valid calls, one or more per route, that the generators start from and mutate one field at a
 * time ("nearly valid"): such requests pass the schema and reach the rules. Keyed by route id;
 * a route without an entry is fuzzed from `{}` and without query or path seeds (the figures list
 * such routes, so a new route shows up there until it gets a seed). Values that depend on the
 * portal are `Ref`s, resolved when the request is sent.
 */
import type { RouteId } from '#core/routes';
import { uploadPurposeIds } from '#core/uploads/rules';
import { Ref, type Value } from './model';
import { nullObject } from './values';
import { author, validAbstract, validOrder } from '../support/bodies';
import { visaAndHotel } from '../unit/core/orders/form';

export interface Seed {
  body?: Value;
  query?: [string, Value][];
  /** Path parameter -> what a valid call puts there (a reference, or a fixed segment). */
  params?: Record<string, Ref | { text: string }>;
  /**
   * The validation message this seed is refused with on purpose: a seed whose success would harm
   * the run (deleting the actor's account) reaches the rule with one wrong field instead.
   */
  refusedWith?: string;
}

const own = (name: string) => new Ref(`own.${name}` as never);
const office = (name: 'lineId' | 'importId' | 'exportId' | 'mailJobId' | 'bankVersion' | 'orderCursor' | 'reconciliationId' | 'publicationId') => new Ref(`office.${name}`);

/** The valid abstract every kind of test starts from (test/support/bodies.ts), with these files. */
export const abstractBody = (files: Value[] = []): Value => validAbstract({ upload_files: files }) as Value;

const presenterBody: Value = { ...(abstractBody() as object), presenter_abstract: false, presenter_infos: [author(3)] };

const profile: Value = {
  first_name: 'Wei',
  middle_initial: 'Q',
  last_name: 'Zhang',
  nick_name: 'wz',
  occupation: 'Registrar',
  organization: 'Beijing Cancer Registry',
  country: 'China',
  mobile: '+86 10 0000 0000',
};

const pw = own('password');

/** A programme session as the committee's editor sends it (core/programme/schemas.ts): Beijing times with their offset. */
const programmeSession: Value = {
  title: 'Registry methods',
  type: 'oral',
  room_id: 'hall-a',
  starts_at: '2024-11-05T09:00+08:00',
  ends_at: '2024-11-05T10:30+08:00',
  chairs: [{ name: 'Freddie Bray' }],
  talks: [{ abstract_id: own('abstractId'), minutes: 15 }],
  version: 0,
};


/** A complete order (test/support/bodies.ts), and one with visa and hotel on the attacker's passport page. */
const order = validOrder() as Value;
const orderWithVisa = { ...validOrder(), ...visaAndHotel('set below'), front_page_of_the_passport: own('passportFileId') } as Value;
/** The same order as the spec's client sends it: every value a string (form fields), 0/1 flags. */
const orderAsForm = Object.fromEntries(Object.entries(validOrder({ rate: 250, accompanying_person: 1 })).map(([k, v]) => [k, String(v)])) as Value;

/** The congress bank account as the office publishes it (the payment settings API test's account). */
export const bankAccount = {
  beneficiary: 'National Cancer Center (fuzz)',
  beneficiary_address: '17 Panjiayuan Nanli, Beijing',
  bank: 'Bank of China, Beijing Branch',
  bank_address: '1 Fuxingmen Nei Dajie, Beijing',
  account_number: '3456 7890 1234',
  swift: 'BKCHCNBJ',
  currency: 'USD',
};
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const camtEntry = (extra: string) => `<Ntry><Amt Ccy="USD">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-08-01</Dt></BookgDt>${extra}</Ntry>`;
const camtOf = (body: string, prolog = '<?xml version="1.0"?>') => `${prolog}<Document><BkToCstmrStmt><Stmt>${body}</Stmt></BkToCstmrStmt></Document>`;
const xmlRefusal = (why: string) => `This XML file cannot be read: ${why}. Export the statement from the bank again as CAMT.053.`;
const deep = 'its elements are nested more than 40 deep, which a bank statement never is';
/** Statement uploads that broke the hand-written CAMT reader, or would break a naive XML parser, each with the message it is refused with. */
export const hostileStatements: { xml: string; message: string }[] = [
  { xml: camtOf(camtEntry('<AddtlNtryInf>&#99999999;</AddtlNtryInf>')), message: xmlRefusal('the character reference "&#99999999;" is not a character') },
  { xml: camtOf(camtEntry('<AddtlNtryInf>&#xD800;&#0;</AddtlNtryInf>')), message: xmlRefusal('the character reference "&#xD800;" is not a character') },
  { xml: `<Document>${'<Ntry>'.repeat(65_536)}`, message: xmlRefusal(deep) },
  { xml: `${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}`, message: xmlRefusal(deep) },
  {
    xml: camtOf(camtEntry('<AddtlNtryInf>&c;</AddtlNtryInf>'), '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'),
    message: xmlRefusal('it declares entities of its own (<!ENTITY> in a <!DOCTYPE>), which a bank statement never does'),
  },
];

/** Which columns of the bank's CSV hold what (world.ts STATEMENT_HEADER). */
export const statementMapping = { date: 'Buchungstag', amount: 'Betrag', currency: 'Währung', payer: 'Auftraggeber', reference: 'Verwendungszweck' };

/**
 * The registration by category (the older flow), sent inside its 2019 early period (generate.ts
 * homeClock): a regular registrant with dinners, a young investigator naming one of their own files
 * that is no supporting document (refused by the documents rule), a member with a member number,
 * a group of 10 (the registrant and 9 members) with an accompanying person. One registration per
 * delegate: the first success makes the rest meet the "already registered" rule.
 */
const registrant = { first_name: 'Wei', last_name: 'Zhang', occupation: 'Registrar', organization: 'Beijing Cancer Registry', country: 'China', mobile: '+86 10 0000 0000' };
const regularRegistration = { ...registrant, regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };
const accompanying = { first_name: 'Bo', last_name: 'Li', relationship: 'Spouse', occupation: 'Teacher', organization: 'School', country: 'China', mobile: '+86 139 0000 0000', gala_dinner: 'Yes', working_lunch: 'No' };
const groupRegistration = {
  ...regularRegistration,
  regiatration_type: 7,
  group_name: 'Fuzz registry team',
  company_represent: 'Beijing Cancer Registry',
  address_one: '17 Panjiayuan Nanli',
  accompanying_type: 'yes',
  accompany: [accompanying],
  groups: Array.from({ length: 9 }, (_, i) => ({ first_name: `Member${i + 1}`, last_name: 'Group', gala_dinner: i % 2 ? 'Yes' : 'No', working_lunch: 'Yes' })),
};

const mail = { filter: 'order', order_no: own('orderNo'), purpose: 'announcement', subject: 'Your order {order_no}', text: 'Dear {first_name},\n\nyour order {order_no} ({amount}).' };

export const seeds: Partial<Record<RouteId, Seed[]>> = {
  checkEmail: [{ query: [['email', own('email')]] }, { query: [['email', new Ref('fresh.email')]] }],
  emailRegister: [{ body: { email: new Ref('fresh.email'), password: 'fuzz password 1', confirm: 'fuzz password 1' } }],
  resendActivation: [{ body: { email: own('email') } }],
  activate: [{ body: { token: 'A'.repeat(43) } }],
  login: [{ body: { email: own('email'), password: pw } }],
  logout: [{ body: {} }],
  updateProfile: [{ body: profile }],
  // The new password is the current one: a success changes nothing but ends the sessions.
  changePassword: [{ body: { current_password: pw, new_password: pw, confirm_password: pw } }],
  forgotPassword: [{ body: { email: own('email'), url: 'http://localhost:3000/common/forgot' } }],
  resetPassword: [{ body: { token: own('resetToken'), new_password: pw, confirm_password: pw } }],
  presignUpload: uploadPurposeIds.map((purpose) => ({
    body: { purpose, file_name: purpose === 'abstract' || purpose === 'document' ? `${purpose}.pdf` : purpose === 'passport' || purpose === 'voucher' ? `${purpose}.jpg` : 'slides.pptx', size: 4096 },
  })),
  getUpload: [{ params: { id: own('fileId') } }],
  deleteUpload: [{ params: { id: own('fileId') } }],
  createAbstract: [{ body: abstractBody() }, { body: abstractBody([own('pendingFileId')]) }, { body: presenterBody }],
  getAbstract: [{ params: { id: own('abstractId') } }],
  updateAbstract: [
    { params: { id: own('abstractId') }, body: abstractBody() },
    { params: { id: own('abstractId') }, body: abstractBody([own('pendingFileId')]), query: [['base_updated_at', own('updatedAt')]] },
  ],
  deleteAbstract: [{ params: { id: own('abstractId') } }],
  confirmAbstractFile: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  confirmPoster: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  deletePoster: [{ params: { id: own('fileId') } }],
  confirmOral: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  deleteOral: [{ params: { id: own('fileId') } }],
  saveMailPreferences: [{ body: { announcements: false } }, { body: { announcements: true } }],
  // Never an actor's password: a success would delete the delegate the rest of the run acts as (and sessions could not be minted again).
  exportOwnData: [{}],
  deleteAccount: [{ body: { password: 'not the password of any fuzz actor' }, refusedWith: 'The password is incorrect. Your account was not deleted.' }],
  // A link token of the right shape that was never issued (real ones are only in mails): refused by its rule, not the schema.
  unsubscribe: [{ params: { token: { text: 'A'.repeat(43) } }, body: {} }],

  // Registration orders, at a moment registration is open (generate.ts homeClock); the attacker's
  // orders are made in setup (world.ts furnishOrders): unpaid, Checking, with visa and hotel.
  getOrderByChecksum: [{ params: { checksum: own('checksum') } }],
  getOrder: [{ params: { id: own('orderId') } }],
  // The visa letter: a correction nobody asked for (409), over a stale version (409), or of another file (422); the letter refused before approval.
  correctVisaData: [
    {
      params: { id: own('orderId') },
      body: { full_name_as_on_passport: 'Łukasz Żółć', gender: 'Male', nationality: 'Poland', date_of_birth: '1980-02-29', passport_number: 'EP1234567', issue_date_of_passport: '2020-01-15', expiry_date_of_passport: '2030-01-14', front_page_of_the_passport: 'not-a-file', version: '2024-08-01T00:00:00.000Z' },
    },
  ],
  getVisaLetter: [{ params: { id: own('orderId') } }],
  // A fapiao asked for over a stale version (409), and withdrawn the same way.
  requestFapiao: [{ params: { id: own('orderId') }, body: { title: '国家癌症中心', taxpayer_id: '91350100M000100Y43', version: '2024-08-01T00:00:00.000Z' } }],
  withdrawFapiao: [{ params: { id: own('orderId') }, body: { version: '2024-08-01T00:00:00.000Z' } }],
  createOrder: [{ body: order }, { body: orderWithVisa }, { body: orderAsForm }],
  updateOrder: [
    { params: { id: own('orderId') }, body: { ...(order as object), _method: 'PUT' } },
    { params: { id: own('orderId') }, body: orderWithVisa, query: [['base_status', '0']] },
  ],
  deleteOrder: [{ params: { id: own('orderId') } }],
  cancelOrder: [{ params: { id: own('orderId') }, body: {} }, { params: { id: own('orderId') }, body: { expected_refund: '600.00' } }],
  // The account a bank refund goes to: the attacker owes nothing, so it is refused (only while one is owed).
  saveRefundAccount: [{ body: { holder: 'Wei Zhang', account: 'DE89 3704 0044 0532 0130 00', bank: 'Commerzbank', bic: 'COBADEFFXXX' } }],
  chooseTransfer: [{ params: { id: own('orderId') }, body: { type: 'done' } }, { params: { id: own('orderId') }, body: { type: 'later' } }],
  confirmPassport: [{ body: { key: own('unconfirmedKey') } }],
  // Before the congress ends (the order clock): refused with the date; another's order is not found.
  requestCertificate: [{ params: { id: own('orderId') } }],
  createCheckout: [{ body: { id: own('orderId'), cancel_url: 'http://localhost:3000/registration' } }],
  confirmCheckout: [{ body: { session_id: 'cs_test_fuzz0000000000000000' } }],
  // Registration by category's money: the attacker has no registration, so its rules answer "not registered".
  updateRepast: [{ body: { id: 0, type: 1, gala_dinner: 'No' } }, { body: { id: '1', type: '2', working_lunch: 'Yes' } }],
  registrationPayment: [{ body: { type: 1 } }, { body: { type: '2' } }],
  confirmRegistrationPayment: [{ body: { session_id: 'cs_test_fuzz0000000000000000' } }],
  // Cancellation acts on the caller's own registration only (none, or the one the register seeds made).
  cancelRegistration: [{ body: {} }, { body: { expected_refund: '0.00' } }],
  getCostDetail: [{}],
  // No signature header: refused before the event is read, whatever the body.
  stripeWebhook: [{ body: { id: 'evt_fuzz', type: 'checkout.session.completed', data: { object: { id: 'cs_test_fuzz', metadata: { order_id: own('orderId') } } } } }],

  // The registration by category (the older flow), in its early 2019 period (generate.ts homeClock).
  getRegisterTypeFee: [{}],
  register: [
    { body: regularRegistration },
    { body: { ...regularRegistration, regiatration_type: 3, young_investigator_files: [own('fileId')] } },
    { body: { ...regularRegistration, regiatration_type: 2, oeso_member: 'OESO-12345' } },
    { body: groupRegistration },
  ],
  confirmRegistrationDocument: [{ body: { key: own('unconfirmedKey') } }, { body: { key: own('key') } }],
  // The review: handing the proof in again (refused unless rejected), the voucher's confirmation and naming.
  uploadAgain: [{ body: { card_message: 'OESO-12345' } }, { body: { card_message: own('fileId') } }],
  confirmRegistrationVoucher: [{ body: { key: own('unconfirmedKey') } }],
  uploadDocuments: [{ query: [['payment_voucher', own('fileId')]] }],

  // The registration office, as the run's organiser (past the second factor; generate.ts tokens).
  startSecondFactor: [{ body: {} }],
  confirmSecondFactor: [{ body: { code: '123456' } }],
  verifySecondFactor: [{ body: { code: '123456' } }, { body: { recovery_code: 'ABCDE-FGHJK' } }],
  savePaymentSettings: [{ body: { bank_account: bankAccount, base_version: office('bankVersion') } }],
  // The review, as the organiser (a reviewer of every category and on the committee): the
  // assignment, a review of the attacker's abstract (a draft, a submission, off the scale, stale) and a decline.
  runReviewAssignment: [{}],
  declareReviewConflicts: [{ body: { people: ['someone@example.org'], institutions: ['Example University'] } }],
  // The reviewer's reading copy of their queue (the attacker's abstract is assigned to the organiser).
  exportReviewQueue: [{ query: [['format', 'csv']] }, { query: [['format', 'pdf']] }],
  getReviewedAbstract: [{ params: { id: own('abstractId') } }],
  saveReview: [
    { params: { id: own('abstractId') }, body: { ratings: { originality: 4 }, version: 1 } },
    { params: { id: own('abstractId') }, body: { ratings: { originality: 4, methods: 4, relevance: 5, clarity: 3 }, proposal: 'poster', submit: true, version: 1 } },
    { params: { id: own('abstractId') }, body: { ratings: { originality: 9 }, proposal: 'oral', submit: true, version: 2 }, refusedWith: 'Please rate every criterion from 1 to 5.' },
  ],
  declineReview: [{ params: { id: own('abstractId') }, body: { reason: 'I know the authors.', version: 1 } }],
  // Deciding: the ranking of a category, one abstract, a pending decision and its clearing, the slots.
  getReviewRanking: [{ query: [['category', 'registration']] }, { query: [['category', 'descriptive'], ['limit', '2']] }],
  getCommitteeAbstract: [{ params: { id: own('abstractId') } }],
  decideAbstract: [
    { params: { id: own('abstractId') }, body: { outcome: 'poster', note: 'Strong data', version: 0 } },
    { params: { id: own('abstractId') }, body: { outcome: null, version: 1 } },
  ],
  saveReviewSlots: [{ body: { quotas: { registration: { oral: 12, poster: 60 } }, version: 0 } }],
  // Publication: of a category the run decides in (its own abstract's, 'descriptive'; no other test decides there), the mail previewed, the publications listed.
  publishDecisions: [{ body: { category: 'descriptive' } }],
  listCommitteePublications: [{}],
  previewDecisionMail: [{ params: { id: own('abstractId') } }],
  // The office's decision outbox: the setup's publication (of a category without decisions: no mail to send again, 404).
  listDecisionMails: [{}],
  getDecisionMails: [{ params: { id: office('publicationId') } }, { params: { id: office('publicationId') }, query: [['page', '1']] }],
  resendDecisionMail: [{ params: { id: office('publicationId') }, body: { batch: 0, position: 0 } }],
  // The programme (core/programme): the draft; rooms and sessions saved at version 0 (saved once, then stale: 409) or named by an id
  // the draft has not (404); a session's boards; a publication (refused while accepted abstracts have no place, or stale); the versions.
  getProgrammeDraft: [{}],
  createProgrammeRoom: [{ body: { name: 'Hall A', name_zh: '一号厅', capacity: 600, version: 0 } }],
  updateProgrammeRoom: [{ params: { id: { text: 'hall-a' } }, body: { name: 'Hall A', capacity: 650, version: 1 } }],
  deleteProgrammeRoom: [{ params: { id: { text: 'hall-a' } }, body: { version: 1 } }],
  createProgrammeSession: [{ body: programmeSession }, { body: { ...programmeSession, type: 'poster', talks: [], boards: [{ abstract_id: own('abstractId'), board: 1, by_hand: true }] } }],
  updateProgrammeSession: [{ params: { id: { text: 'session-1' } }, body: programmeSession }],
  deleteProgrammeSession: [{ params: { id: { text: 'session-1' } }, body: { version: 1 } }],
  numberProgrammeBoards: [{ params: { id: { text: 'session-1' } }, body: { version: 1, add_unplaced: true } }],
  publishProgramme: [{ body: { version: 1 } }],
  listProgrammePublications: [{}],
  getProgrammePublication: [{ params: { number: { text: '1' } } }],
  getProgrammeStatus: [{}],
  getDelegatesBook: [{}],
  publishDelegatesBook: [{ params: { id: { text: 'job-1' } } }],
  // "My programme": the attacker's own picks and calendar; a calendar key nobody holds.
  getMyProgramme: [{}],
  pickMyProgramme: [{ body: { kind: 'session', id: 'session-1', picked: true } }, { body: { kind: 'talk', id: own('abstractId'), picked: false } }],
  renewMyCalendar: [{}],
  getMyCalendar: [{ query: [['key', 'A'.repeat(43)], ['lang', 'zh-Hans']] }],
  // A placed abstract's page: the attacker's own abstract (placed or not) and one that does not exist.
  getProgrammeAbstract: [{ params: { id: own('abstractId') } }, { params: { id: { text: 'no-such-abstract' } } }],
  getProgrammeAbstractPage: [{ params: { id: own('abstractId') } }, { params: { id: { text: 'no-such-abstract' } } }],
  // The calendar (a file when there is a programme, else 404): the feed in Chinese, a session and a talk the programme may not hold.
  getProgrammeCalendar: [{ query: [['lang', 'zh-Hans']] }, { query: [['session', 'session-1']] }, { query: [['talk', own('abstractId')]] }],
  // The caller's own presentations (none accepted: an empty list, with or without a published programme).
  getMyPresentations: [{}],
  // By hand: the attacker (who submitted the abstract) added as its reviewer: refused, an author never reviews their own.
  moveReviewAssignment: [{ params: { id: own('abstractId') }, body: { add_reviewer_id: own('userId') }, refusedWith: 'The reviewer to add is an author of this abstract: an author never reviews their own abstract.' }],
  // The office and the conflicts: a category's list; the attacker's authorship of their own abstract (never overridden), and a restore of nothing.
  listReviewConflicts: [{ query: [['category', 'registration']] }, { query: [['category', 'descriptive'], ['limit', '2']] }],
  setReviewConflict: [
    { body: { abstract_id: own('abstractId'), reviewer_id: own('userId'), overridden: true, reason: 'Another department', version: 0 }, refusedWith: 'An author never reviews their own abstract: this conflict cannot be overridden.' },
    { body: { abstract_id: own('abstractId'), reviewer_id: own('userId'), overridden: false, reason: 'Holds after all', version: 0 }, refusedWith: 'This conflict is not overridden: there is nothing to restore.' },
  ],
  // The review team: roles for the attacker's own account (the refusals are in test/api/review-team.test.ts).
  setReviewRoles: [
    { body: { email: own('email'), reviewer_categories: ['descriptive'], committee: false } },
    { body: { email: own('email'), reviewer_categories: ['descriptive', 'astrology'] }, refusedWith: 'Please choose review categories from the list.' },
  ],
  listOfficeOrders: [
    { query: [['filter', 'status:0'], ['q', own('email')]] },
    { query: [['filter', 'local-check'], ['limit', '5']] },
    { query: [['q', own('orderNo')]] },
    { query: [['filter', 'method:transfer'], ['q', own('reference')]] },
    { query: [['cursor', office('orderCursor')], ['limit', '1']] },
  ],
  getOfficeOrder: [{ params: { id: own('orderId') } }],
  // Printed tickets (issue 34): a ticket's PDF (the delegate, then a guest the order may not have), the office's badge print (audited).
  getTicketPdf: [{ params: { id: own('orderId'), person: { text: '1' } } }, { params: { id: own('orderId'), person: { text: '2' } } }],
  printOrderBadges: [{ params: { id: own('orderId') } }],
  // The visa letters: the queue, one order's review; a decision or a new letter over a version that is not the order's (409) or refused by its rules.
  listVisaQueue: [{}],
  getOfficeOrderVisa: [{ params: { id: own('orderId') } }],
  decideVisaReview: [
    { params: { id: own('orderId') }, body: { decision: 'approve', version: '2024-08-01T00:00:00.000Z' } },
    { params: { id: own('orderId') }, body: { decision: 'correct', message: 'The name must be as on the passport.', version: '2024-08-01T00:00:00.000Z' } },
  ],
  regenerateVisaLetter: [{ params: { id: own('orderId') }, body: { version: '2024-08-01T00:00:00.000Z' } }],
  cancelOfficeOrder: [{ params: { id: own('orderId') }, body: {} }, { params: { id: own('orderId') }, body: { expected_refund: '0.00' } }],
  confirmTransfer: [{ params: { reference: own('reference') }, body: { amount: '10.00' } }, { params: { reference: own('reference') }, body: { amount: '650.00' } }],
  // A bank refund recorded as sent: none is owed on the attacker's order (refused), or another's order (not found).
  recordBankRefund: [{ params: { id: own('orderId'), refund: { text: 'refund:fuzz' } }, body: { amount: '10.00', paid_to: 'Wei Zhang, Commerzbank, IBAN ending 3000' } }],
  recordTransferRefund: [{ params: { reference: own('reference') }, body: {} }],
  retryRefund: [{ params: { reference: own('reference') }, body: {} }],
  listOfficeDelegates: [{ query: [['q', own('email')]] }, { query: [['q', 'Zhang']] }],
  getOfficeDelegate: [{ params: { id: own('userId') } }],
  resendDelegateActivation: [{ params: { id: own('userId') }, body: {} }],
  listOfficeAbstracts: [{ query: [['category', 'descriptive.incidence-mortality']] }],
  getOfficeAbstract: [{ params: { owner: own('userId'), id: own('abstractId') } }],
  // The world's delegates hold no issued document: these reach the look-up and its 404.
  documentLink: [{ params: { id: { text: 'no-such-document' } } }],
  listOfficeDocuments: [{ params: { owner: own('userId') } }],
  officeDocumentLink: [{ params: { owner: own('userId'), id: { text: 'no-such-document' } } }],
  listOfficeRegistrations: [{ query: [['list', 'review']] }, { query: [['list', 'all']] }],
  getOfficeRegistration: [{ params: { owner: own('userId') } }],
  decideOfficeRegistration: [{ params: { owner: own('userId') }, body: { decision: 'reject', reason: 'The document is unreadable.', version: '2024-08-01T00:00:00.000Z' } }],
  readAuditLog: [{ query: [['day', '2024-08-01'], ['action', 'order.created']] }, { query: [['actor', own('email')]] }],
  getAuditTrail: [{ params: { type: { text: 'order' }, id: own('orderId') } }, { params: { type: { text: 'account' }, id: own('userId') } }],
  importStatement: [
    { body: { file_name: 'statement.csv', content_base64: new Ref('own.statement'), mapping: statementMapping } },
    // Hostile CAMT.053 files (issue 29, item 9): refused with the reader's message, never a 500 nor a stall.
    ...hostileStatements.map(({ xml, message }) => ({ body: { file_name: 'statement.xml', content_base64: base64(xml) }, refusedWith: message })),
  ],
  getStatementImport: [{ params: { id: office('importId') } }],
  searchStatementOrders: [{ query: [['q', own('orderNo')]] }, { query: [['q', own('email')]] }],
  assignStatementLine: [{ params: { id: office('lineId') }, body: { reference: own('reference') } }],
  discardStatementLine: [{ params: { id: office('lineId') }, body: { note: 'Sent back to the payer' } }],
  // The world's lines are listed for want of a reference, not held: refused (409) at the rule.
  bookStatementLine: [{ params: { id: office('lineId') }, body: {} }],
  requestExport: [{ body: { kind: 'orders' } }, { body: { kind: 'delegates' } }, { body: { kind: 'abstracts' } }, { body: { kind: 'review_sheet' } }, { body: { kind: 'decisions' } }],
  downloadExport: [{ params: { id: office('exportId') } }],
  previewMail: [{ body: { ...mail, preview_for: own('orderNo') } }],
  sendMail: [{ body: mail }, { body: { ...mail, purpose: 'order' } }],
  getMailJob: [{ params: { id: office('mailJobId') } }],
  // The setup's mail to one order: confirmed with its one recipient (or refused: not waiting any more), or discarded.
  confirmMailJob: [{ params: { id: office('mailJobId') }, body: { recipients: 1 } }],
  discardMailJob: [{ params: { id: office('mailJobId') } }],
  resendOrderMail: [{ params: { id: own('orderId') }, body: { mail: 'order-placed' } }, { params: { id: own('orderId') }, body: { mail: 'transfer-noted' } }],
  // Sent while registration is open (before the congress): refused as too early, or as stale (the version is not the order's).
  listOfficeFapiao: [{ query: [['status', 'requested']] }, { query: [['status', 'issued']] }],
  markFapiao: [{ params: { id: own('orderId') }, body: { issued: true, number: '24110000001', version: '2024-08-01T00:00:00.000Z' } }],
  markAttendance: [{ params: { id: own('orderId') }, body: { attended: true, version: '2024-08-01T00:00:00.000Z' } }, { params: { id: own('orderId') }, body: { attended: false, version: '2024-08-01T00:00:00.000Z' } }],
  // One at a time: while one is under way the next is refused (409), so the run starts few table scans.
  requestReconciliation: [{ body: {} }],
  getReconciliation: [{ params: { id: office('reconciliationId') } }],
  // The doors (issue 34). The device routes carry the run's device token; a made-up ticket is refused as unknown or malformed.
  pairCheckinDevice: [{ body: { code: 'A'.repeat(43) } }],
  getCheckinTickets: [{ query: [] }, { query: [['since', '2024-11-04T00:00:00.000Z#x']] }],
  getCheckinEntries: [{ query: [] }, { query: [['after', '2024-11-04T00:00:00.000Z#gala-dinner#1-0']] }],
  postCheckinScans: [
    { body: { scans: [{ id: '00000000-0000-4000-8000-000000000001', list: 'gala-dinner', via: 'search', ticket_id: '1-0', at: '2024-11-04T01:00:00.000Z', offline: false, answer: null }] } },
    { body: { scans: [{ id: '00000000-0000-4000-8000-000000000002', list: 'entry-2024-11-04', via: 'qr', payload: 'W50O13000DN1/90WL4YCOOP7', at: '2024-11-04T01:00:00.000Z', offline: true, answer: 'admitted' }] } },
  ],
  getOrderTickets: [{ params: { id: own('orderId') } }],
  getOfficeOrderTickets: [{ params: { id: own('orderId') } }],
  listCheckinConflicts: [{ query: [] }],
  createCheckinDevice: [{ body: { name: 'Desk', lists: ['badge-pickup'], valid_until: '2024-11-08T00:00:00Z' } }],
  renewCheckinPairing: [{ params: { id: { text: '00000000-0000-4000-8000-000000000000' } }, body: { version: '2024-11-04T00:00:00.000Z' } }],
  revokeCheckinDevice: [{ params: { id: { text: '00000000-0000-4000-8000-000000000000' } }, body: { version: '2024-11-04T00:00:00.000Z' } }],
};

/**
 * Routes whose valid bodies cost a password hash (scrypt, 100-400 ms of a core): they get few
 * seed-based bodies, so that the run stays within its time and the other routes keep their share.
 */
export const hashesPasswords: ReadonlySet<RouteId> = new Set<RouteId>(['login', 'emailRegister', 'changePassword', 'resetPassword', 'deleteAccount']);

/** Seeds as null-prototype objects, so that mutations may add `__proto__` as a plain key. */
export function toNullProto(value: Value): Value {
  if (Array.isArray(value)) return value.map(toNullProto);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return nullObject(Object.entries(value).map(([k, v]) => [k, toNullProto(v as Value)]));
  }
  return value;
}

/** Every field name the seeds use: targets of prototype writes (`__proto__[email]`). */
export function seedFieldNames(): string[] {
  const names = new Set<string>(['api_token', 'id', 'key', 'email', 'status']);
  const walk = (v: Value) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !(v instanceof Ref)) {
      for (const [k, inner] of Object.entries(v)) {
        names.add(k);
        walk(inner as Value);
      }
    }
  };
  for (const list of Object.values(seeds)) for (const s of list ?? []) walk(s.body ?? null);
  return [...names];
}
