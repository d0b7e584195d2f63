/**
 * How the abstracts are reviewed: data the programme committee edits (decision 0051). The review
 * categories are the groups of the abstract form (functions/core/data/abstract-options.ts): a
 * reviewer is granted one or more groups and reviews every abstract of their sub-categories.
 * The phases' dates are in conference.ts (`reviewPhases`).
 */

export interface RatingCriterion {
  id: string;
  label: string;
  /** Its share of the weighted score (weights need not add up to 1). */
  weight: number;
  /** The label of each value of the scale, from 1 to 5. */
  scale: readonly [string, string, string, string, string];
}

export const REVIEW_SCALE = { min: 1, max: 5 } as const;

export const reviewSettings = {
  /** Reviewers per abstract, where the category's pool allows. */
  reviewersPerAbstract: 3,
  /** Reviewers see neither the authors nor their institutions (the PDF only with a notice). */
  blind: true,
  /** A reviewer reads the others' reviews of an abstract once their own is submitted. */
  showOthersAfterOwn: true,
  /** Reviewers disagree when two ratings of one criterion, or two weighted scores, differ by this much. */
  disagreementSpread: 3,
  criteria: [
    {
      id: 'originality',
      label: 'Originality',
      weight: 1,
      scale: ['Nothing new', 'Little new', 'Some new insight', 'Clearly new', 'Highly original'],
    },
    {
      id: 'methods',
      label: 'Methods and data quality',
      weight: 2,
      scale: ['Unsound', 'Major weaknesses', 'Adequate', 'Sound', 'Exemplary'],
    },
    {
      id: 'relevance',
      label: 'Relevance to cancer registration and control',
      weight: 1.5,
      scale: ['Not relevant', 'Marginal', 'Relevant', 'Highly relevant', 'Essential'],
    },
    {
      id: 'clarity',
      label: 'Clarity of the abstract',
      weight: 0.5,
      scale: ['Unclear', 'Hard to follow', 'Understandable', 'Clear', 'Very clear'],
    },
  ] satisfies readonly RatingCriterion[],
  /** What a reviewer may propose. */
  proposals: ['oral', 'poster', 'reject'] as const,
  /** Oral slots and poster boards per review category (the committee changes them while deciding). */
  defaultQuotas: {
    registration: { oral: 12, poster: 60 },
    descriptive: { oral: 12, poster: 60 },
    aetiology: { oral: 8, poster: 40 },
    control: { oral: 10, poster: 50 },
    topics: { oral: 8, poster: 40 },
  } as Record<string, { oral: number; poster: number }>,
  /** A quota the config does not name. */
  fallbackQuota: { oral: 6, poster: 30 },
  /**
   * Mail domains many unrelated people share: a reviewer and an author with addresses at these are
   * not in conflict for that reason (an institution's own domain is).
   */
  publicMailDomains: [
    'gmail.com',
    'googlemail.com',
    'qq.com',
    'foxmail.com',
    '163.com',
    '126.com',
    'yeah.net',
    'sina.com',
    'sina.cn',
    'sohu.com',
    'aliyun.com',
    '139.com',
    '189.cn',
    'outlook.com',
    'hotmail.com',
    'live.com',
    'msn.com',
    'yahoo.com',
    'yahoo.co.jp',
    'yahoo.co.uk',
    'icloud.com',
    'me.com',
    'mac.com',
    'aol.com',
    'proton.me',
    'protonmail.com',
    'gmx.de',
    'gmx.net',
    'web.de',
    'mail.ru',
    'yandex.ru',
    'naver.com',
    'daum.net',
    'hanmail.net',
    'rediffmail.com',
    // Reserved for examples (RFC 2606): no institution's; the local seed and the tests use them.
    'example.org',
    'example.com',
  ] as readonly string[],
} as const;

export type Proposal = (typeof reviewSettings.proposals)[number];
