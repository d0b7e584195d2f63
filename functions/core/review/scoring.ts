/**
 * Scores as the committee reads them: each review's weighted score (the criteria's ratings by
 * their weights, on the 1-5 scale), and per abstract the mean and median of its submitted
 * reviews, how many there are, whether the reviewers disagree and what they proposed.
 */
import { REVIEW_SCALE, reviewSettings, type Proposal, type RatingCriterion } from '../config/review';

export type Ratings = Readonly<Record<string, number>>;

export interface ScoredReview {
  ratings: Ratings;
  proposal: Proposal;
}

/** Whether ratings give every criterion a whole value on the scale, and nothing else. */
export function ratingsProblems(
  ratings: Ratings,
  criteria: readonly RatingCriterion[] = reviewSettings.criteria,
): string[] {
  const problems: string[] = [];
  for (const c of criteria) {
    const value = Object.hasOwn(ratings, c.id) ? ratings[c.id] : undefined;
    if (
      value === undefined ||
      !Number.isInteger(value) ||
      value < REVIEW_SCALE.min ||
      value > REVIEW_SCALE.max
    )
      problems.push(c.id);
  }
  for (const key of Object.keys(ratings)) if (!criteria.some((c) => c.id === key)) problems.push(key);
  return problems;
}

/** The weighted score of one review, rounded to two decimals. */
export function weightedScore(
  ratings: Ratings,
  criteria: readonly RatingCriterion[] = reviewSettings.criteria,
): number {
  const total = criteria.reduce((sum, c) => sum + c.weight, 0);
  const sum = criteria.reduce((s, c) => s + c.weight * (ratings[c.id] ?? 0), 0);
  return Math.round((sum / total) * 100) / 100;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : round2((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface AbstractScore {
  reviews: number;
  mean: number | null;
  median: number | null;
  /** The criteria (and 'overall' for the weighted scores) where reviewers differ by the spread or more. */
  disagreement: string[];
  proposals: Record<Proposal, number>;
}

export function scoreAbstract(
  reviews: readonly ScoredReview[],
  criteria: readonly RatingCriterion[] = reviewSettings.criteria,
): AbstractScore {
  const proposals = Object.fromEntries(reviewSettings.proposals.map((p) => [p, 0])) as Record<
    Proposal,
    number
  >;
  for (const r of reviews) proposals[r.proposal] += 1;
  if (reviews.length === 0) return { reviews: 0, mean: null, median: null, disagreement: [], proposals };
  const scores = reviews.map((r) => weightedScore(r.ratings, criteria));
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const disagreement = criteria
    .filter((c) => spread(reviews.map((r) => r.ratings[c.id] ?? 0)) >= reviewSettings.disagreementSpread)
    .map((c) => c.id);
  if (spread(scores) >= reviewSettings.disagreementSpread) disagreement.push('overall');
  return {
    reviews: reviews.length,
    mean: round2(scores.reduce((a, b) => a + b, 0) / scores.length),
    median: median(scores),
    disagreement,
    proposals,
  };
}

/** Ranking order: the higher mean first, then the higher median, then more reviews; unreviewed last. */
export function compareScores(a: AbstractScore, b: AbstractScore): number {
  if (a.mean === null || b.mean === null) return a.mean === null ? (b.mean === null ? 0 : 1) : -1;
  return b.mean - a.mean || (b.median ?? 0) - (a.median ?? 0) || b.reviews - a.reviews;
}
