/** Scores as the committee ranks them: weights, mean and median, disagreement, proposals. */
import { describe, expect, it } from 'vitest';
import { compareScores, ratingsProblems, scoreAbstract, weightedScore } from '#core/review/scoring';

const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });

describe('review scores', () => {
  it('weigh each criterion by the config (methods twice originality)', () => {
    expect(weightedScore(all(4))).toBe(4);
    // (1*5 + 2*1 + 1.5*3 + 0.5*3) / 5 = 13 / 5
    expect(weightedScore({ originality: 5, methods: 1, relevance: 3, clarity: 3 })).toBe(2.6);
  });

  it('refuse a rating off the 1-5 scale, a missing or an unknown criterion', () => {
    expect(ratingsProblems(all(3))).toEqual([]);
    expect(ratingsProblems({ ...all(3), methods: 6 })).toEqual(['methods']);
    expect(ratingsProblems({ ...all(3), clarity: 2.5 })).toEqual(['clarity']);
    const { relevance: _r, ...missing } = all(3);
    expect(ratingsProblems(missing)).toEqual(['relevance']);
    expect(ratingsProblems({ ...all(3), charm: 5 })).toEqual(['charm']);
    expect(
      ratingsProblems(
        JSON.parse('{"originality":3,"methods":3,"relevance":3,"clarity":3,"__proto__":1}') as Record<
          string,
          number
        >,
      ),
    ).toEqual(['__proto__']);
  });

  it('give mean, median, disagreement and proposals per abstract', () => {
    const score = scoreAbstract([
      { ratings: all(5), proposal: 'oral' },
      { ratings: all(4), proposal: 'poster' },
      { ratings: { ...all(4), originality: 1 }, proposal: 'poster' },
    ]);
    expect(score).toEqual({
      reviews: 3,
      mean: 4.13,
      median: 4,
      disagreement: ['originality'],
      proposals: { oral: 1, poster: 2, reject: 0 },
    });
    expect(
      scoreAbstract([
        { ratings: all(5), proposal: 'oral' },
        { ratings: all(2), proposal: 'reject' },
      ]).disagreement,
    ).toEqual(['originality', 'methods', 'relevance', 'clarity', 'overall']);
    expect(scoreAbstract([])).toEqual({
      reviews: 0,
      mean: null,
      median: null,
      disagreement: [],
      proposals: { oral: 0, poster: 0, reject: 0 },
    });
  });

  it('rank the higher mean first and the unreviewed last', () => {
    const high = scoreAbstract([{ ratings: all(5), proposal: 'oral' }]);
    const low = scoreAbstract([{ ratings: all(2), proposal: 'reject' }]);
    const none = scoreAbstract([]);
    expect([none, low, high].sort(compareScores)).toEqual([high, low, none]);
  });
});
