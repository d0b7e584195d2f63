/**
 * The registration office's sections, once: the router mounts each page (web/src/app/pages.ts,
 * one lazy chunk per page, so a delegate's bundle holds only these names) and the office frame
 * shows them as its navigation. A new section: its path in web/src/config/paths.ts and a line here.
 */
import { paths } from '../../config/paths';

export interface OfficeSection {
  path: string;
  /** In the office navigation; absent for pages reached from another (an order's detail). */
  label?: string;
  /** The page module under web/src/features, without .tsx. */
  page: string;
  /** What the section is for (the overview's card). */
  description?: string;
}

export const officeSections: OfficeSection[] = [
  { path: paths.office, label: 'Overview', page: 'office/office-page' },
  {
    path: paths.officeOrders,
    label: 'Orders',
    page: 'office/orders-page',
    description: 'Every order, a page at a time: filter by status, method, rate, visa, hotel or a Local rate to check; search by e-mail, name, order number or reference.',
  },
  { path: paths.officeOrder, page: 'office/order-page' },
  {
    path: paths.officeTransfers,
    label: 'Bank transfers',
    page: 'office/transfers-page',
    description: 'The transfers delegates said they sent: confirm what arrived, record bank refunds, retry failed card refunds.',
  },
  {
    path: paths.officeRefundsOwed,
    label: 'Refunds owed',
    page: 'office/refunds-owed-page',
    description: 'The refunds the office sends by bank transfer (cancellations, money paid beyond an order), oldest first, with the account each delegate gave: record one as sent once the money has left.',
  },
  {
    path: paths.officeDelegates,
    label: 'Delegates',
    page: 'office/delegates-page',
    description: 'Every account, newest first: find one by e-mail or the start of a name; their orders, abstracts, files and history; resend the activation mail.',
  },
  { path: paths.officeDelegate, page: 'office/delegate-page' },
  {
    path: paths.officeAbstracts,
    label: 'Abstracts',
    page: 'office/abstracts-page',
    description: "The abstracts of a category, newest first: open one to read it and download its PDFs and its author's posters and slides.",
  },
  { path: paths.officeAbstract, page: 'office/abstract-page' },
  {
    path: paths.officeRegistrations,
    label: 'Registrations',
    page: 'office/registrations-page',
    description: 'The registrations by category (the older flow), newest first, or the review queue (oldest first): open one to see its documents and voucher, approve it or reject it with a reason.',
  },
  { path: paths.officeRegistration, page: 'office/registration-page' },
  {
    path: paths.officeVisaLetters,
    label: 'Visa letters',
    page: 'office/visa-letters-page',
    description: 'The passport data waiting for review, oldest first, beside the passport scan: approve it (a paid order gets its invitation letter) or ask the delegate to correct it.',
  },
  {
    path: paths.officeFapiao,
    label: 'Fapiao',
    page: 'office/fapiao-page',
    description: 'The paid orders whose delegate asked for a fapiao (Chinese tax invoice), oldest first, with the title and taxpayer ID for the finance office: mark each as issued with its number.',
  },
  {
    path: paths.officeReviewTeam,
    label: 'Review team',
    page: 'office/review-team-page',
    description: 'Who reviews the abstracts of each category and who sits on the programme committee: grant, change or revoke their roles.',
  },
  {
    path: paths.officeDecisionMails,
    label: 'Decision mails',
    page: 'office/decision-mails-page',
    description: "The mails of each publication of the committee's decisions: what was sent to each author, what bounced or failed; send one again.",
  },
  {
    path: paths.officeReviewConflicts,
    label: 'Review conflicts',
    page: 'office/review-conflicts-page',
    description: "The conflicts of interest the rules find between a category's reviewers and its abstracts: override one that does not hold, with a reason, or restore it.",
  },
  {
    path: paths.officeAudit,
    label: 'Audit log',
    page: 'office/audit-page',
    description: 'Every change in the portal, who made it and when: by day, by action (e.g. order.) or actor, or everything about one account, order, abstract or file.',
  },
  {
    path: paths.officeImport,
    label: 'Statement import',
    page: 'office/import-page',
    description: "Import the bank's statement (CSV or CAMT.053): transfers are matched to orders by their reference and booked; the rest is listed to assign or discard.",
  },
  {
    path: paths.officeReconciliation,
    label: 'Reconciliation',
    page: 'office/reconciliation-page',
    description: 'Check every order against its payments and refunds, and every card payment against Stripe: see what disagrees, with a link to each order.',
  },
  {
    path: paths.officeSettings,
    label: 'Payment settings',
    page: 'office/settings-page',
    description: 'The congress bank account delegates pay into: bank transfer opens when it is published.',
  },
  {
    path: paths.officeExports,
    label: 'Exports',
    page: 'office/exports-page',
    description: 'Orders, registrations by category, delegates and abstracts as CSV files for Excel, made in the background and downloaded when ready.',
  },
  {
    path: paths.officeMail,
    label: 'Mail to delegates',
    page: 'office/mail-page',
    description: 'Write to paid delegates, those needing a visa or a hotel, presenters or one order: preview, send, and see what reached whom.',
  },
];

export const officePages: [string, string][] = officeSections.map((s) => [s.path, s.page]);
