/**
 * Valid request bodies the tests start from (API, browser and fuzz tests alike): one complete
 * abstract and one complete registration order, each changed by `overrides`.
 */
import { agreementValues } from '../../functions/core/abstracts/schemas';

export const author = (n = 1) => ({
  last_name: `Zhang${n}`,
  first_name: 'Wei',
  email: `wei.zhang${n}@example.org`,
  institute: 'National Cancer Center',
  city: 'Beijing',
  country: 'China',
});

export function validAbstract(overrides: Record<string, unknown> = {}) {
  return {
    authors: [author(1), author(2)],
    presenter_abstract: true,
    presenter_infos: [],
    title_of_abstract: 'TRENDS IN LIVER CANCER INCIDENCE IN CHINA, 2000-2019',
    abstract_category: 'descriptive.incidence-mortality',
    keywords: 'liver cancer; incidence; registry',
    abstract_body: 'Background: population-based registries cover a growing share of China. Methods: we used data from 106 registries.',
    financial_support: false,
    conference_iacr_fellowship: false,
    conflict_of_interest_disclosure: 'None declared.',
    agreements: [...agreementValues],
    submitter_name: 'Wei Zhang',
    submitter_date: '2024-05-01',
    upload_files: [],
    ...overrides,
  };
}

/** A complete order at the Standard rate, no visa, no hotel. */
export function validOrder(overrides: Record<string, string | number> = {}) {
  return {
    rate: 650,
    accompanying_person: 0,
    post_conference_activities_person: 0,
    title: 'Dr.',
    first_name: 'Wei',
    last_name: 'Zhang',
    organization: 'National Cancer Center',
    position: 'Registrar',
    primary_address_country: 'China',
    primary_email: 'wei.zhang@example.org',
    morning_workshop: 1,
    afternoon_workshop: 0,
    welcome_reception: 1,
    gala_dinner: 1,
    visa_required: 0,
    full_name_as_on_passport: 'ZHANG WEI',
    gender: 'Male',
    nationality: 'China',
    hotel_book_required: 0,
    ...overrides,
  };
}
