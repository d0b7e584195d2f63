/**
 * The choices of the abstract form (GET /contribute/options): the scientific categories of the
 * congress, grouped as the programme committee reviews them, and the agreements a submitter
 * accepts. Data that organisers edit; a category's `value` is what abstracts store, so keep
 * values stable once submissions are open (change labels freely).
 */
export interface CategoryOption {
  label: string;
  value: string;
}
export interface CategoryGroup {
  label: string;
  value: string;
  children: CategoryOption[];
}

export const abstractCategories: readonly CategoryGroup[] = [
  {
    label: 'Cancer registration: methods and systems',
    value: 'registration',
    children: [
      { label: 'Data quality, completeness and validity', value: 'registration.data-quality' },
      { label: 'Coding and classification (ICD-O, TNM, staging at diagnosis)', value: 'registration.coding' },
      { label: 'Registry informatics, data linkage and automation', value: 'registration.informatics' },
      { label: 'Building and sustaining registries in low- and middle-income countries', value: 'registration.lmic' },
      { label: 'Confidentiality, governance and data sharing', value: 'registration.governance' },
    ],
  },
  {
    label: 'Descriptive epidemiology',
    value: 'descriptive',
    children: [
      { label: 'Incidence and mortality: levels and trends', value: 'descriptive.incidence-mortality' },
      { label: 'Survival and prognosis', value: 'descriptive.survival' },
      { label: 'Prevalence, burden and projections', value: 'descriptive.burden' },
      { label: 'Geographic variation, mapping and inequalities', value: 'descriptive.geography' },
    ],
  },
  {
    label: 'Aetiology and risk factors',
    value: 'aetiology',
    children: [
      { label: 'Infections and cancer', value: 'aetiology.infections' },
      { label: 'Lifestyle, environment and occupation', value: 'aetiology.environment' },
      { label: 'Genetic and molecular epidemiology', value: 'aetiology.molecular' },
    ],
  },
  {
    label: 'Cancer control and health services',
    value: 'control',
    children: [
      { label: 'Screening and early detection', value: 'control.screening' },
      { label: 'Treatment patterns and quality of care', value: 'control.care' },
      { label: 'Survivorship, palliative care and quality of life', value: 'control.survivorship' },
      { label: 'Cancer plans, policy and health economics', value: 'control.policy' },
    ],
  },
  {
    label: 'Populations and special topics',
    value: 'topics',
    children: [
      { label: 'Childhood, adolescent and young adult cancers', value: 'topics.childhood' },
      { label: 'Cancer in China and the Asia-Pacific region', value: 'topics.asia-pacific' },
      { label: 'Artificial intelligence and big data in cancer surveillance', value: 'topics.ai' },
      { label: 'Other', value: 'topics.other' },
    ],
  },
];

export const submissionAgreements: readonly CategoryOption[] = [
  {
    value: 'original',
    label: 'The abstract is original work and has not been published or presented at an international meeting before.',
  },
  { value: 'authors-approved', label: 'All authors have read and approved the abstract and agree to its submission.' },
  {
    value: 'present-in-person',
    label: 'If the abstract is accepted, the presenter will register for the conference and present the work in Beijing.',
  },
  {
    value: 'publication',
    label: 'The abstract may be published in the conference programme, the abstract book and on the congress website.',
  },
];

/** Category label as lists show it: "Group: category". */
export function categoryName(value: string): string | undefined {
  for (const group of abstractCategories) {
    const child = group.children.find((c) => c.value === value);
    if (child) return `${group.label}: ${child.label}`;
  }
  return undefined;
}
