/**
 * The registration office's sections, once: the router mounts each page (web/src/app/pages.ts,
 * one lazy chunk per page, so a delegate's bundle holds only these names) and the office frame
 * shows them as its navigation. A new section: its path in web/src/config/paths.ts and a line here.
 */
import type { MessageId } from '#core/i18n/messages';
import { paths } from '../../config/paths';

export interface OfficeSection {
  path: string;
  /** In the office navigation (a catalog id); absent for pages reached from another (an order's detail). */
  label?: MessageId;
  /** The page module under web/src/features, without .tsx. */
  page: string;
  /** What the section is for (the overview's card; a catalog id). */
  description?: MessageId;
}

export const officeSections: OfficeSection[] = [
  { path: paths.office, label: 'office.section.overview', page: 'office/office-page' },
  {
    path: paths.officeOrders,
    label: 'office.section.orders',
    page: 'office/orders-page',
    description: 'office.section.ordersDescription',
  },
  { path: paths.officeOrder, page: 'office/order-page' },
  {
    path: paths.officeTransfers,
    label: 'office.section.transfers',
    page: 'office/transfers-page',
    description: 'office.section.transfersDescription',
  },
  {
    path: paths.officeRefundsOwed,
    label: 'office.section.refundsOwed',
    page: 'office/refunds-owed-page',
    description: 'office.section.refundsOwedDescription',
  },
  {
    path: paths.officeDelegates,
    label: 'office.section.delegates',
    page: 'office/delegates-page',
    description: 'office.section.delegatesDescription',
  },
  { path: paths.officeDelegate, page: 'office/delegate-page' },
  {
    path: paths.officeAbstracts,
    label: 'office.section.abstracts',
    page: 'office/abstracts-page',
    description: 'office.section.abstractsDescription',
  },
  { path: paths.officeAbstract, page: 'office/abstract-page' },
  {
    path: paths.officeRegistrations,
    label: 'office.section.registrations',
    page: 'office/registrations-page',
    description: 'office.section.registrationsDescription',
  },
  { path: paths.officeRegistration, page: 'office/registration-page' },
  {
    path: paths.officeVisaLetters,
    label: 'office.section.visaLetters',
    page: 'office/visa-letters-page',
    description: 'office.section.visaLettersDescription',
  },
  {
    path: paths.officeFapiao,
    label: 'office.fapiao.navLabel',
    page: 'office/fapiao-page',
    description: 'office.fapiao.description',
  },
  {
    path: paths.officeReviewTeam,
    label: 'office.section.reviewTeam',
    page: 'office/review-team-page',
    description: 'office.section.reviewTeamDescription',
  },
  {
    path: paths.officeDecisionMails,
    label: 'office.section.decisionMails',
    page: 'office/decision-mails-page',
    description: 'office.section.decisionMailsDescription',
  },
  {
    path: paths.officeReviewConflicts,
    label: 'office.section.reviewConflicts',
    page: 'office/review-conflicts-page',
    description: 'office.section.reviewConflictsDescription',
  },
  {
    path: paths.officeCheckin,
    label: 'office.checkin.navLabel',
    page: 'office/checkin-page',
    description: 'office.checkin.description',
  },
  {
    path: paths.officeAudit,
    label: 'office.section.audit',
    page: 'office/audit-page',
    description: 'office.section.auditDescription',
  },
  {
    path: paths.officeImport,
    label: 'office.section.import',
    page: 'office/import-page',
    description: 'office.section.importDescription',
  },
  {
    path: paths.officeReconciliation,
    label: 'office.section.reconciliation',
    page: 'office/reconciliation-page',
    description: 'office.section.reconciliationDescription',
  },
  {
    path: paths.officeSettings,
    label: 'office.section.settings',
    page: 'office/settings-page',
    description: 'office.section.settingsDescription',
  },
  {
    path: paths.officeExports,
    label: 'office.section.exports',
    page: 'office/exports-page',
    description: 'office.section.exportsDescription',
  },
  {
    path: paths.officeMail,
    label: 'office.section.mail',
    page: 'office/mail-page',
    description: 'office.section.mailDescription',
  },
];

export const officePages: [string, string][] = officeSections.map((s) => [s.path, s.page]);
