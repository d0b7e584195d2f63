/**
 * The review's messages with values are catalog texts (issue 32): in English they read word for
 * word as the old English did (the `...Messages` functions, kept as the reference), for every kind
 * of value; in Chinese they are Chinese, dates in China Standard Time with the zone.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import type { ReviewRoles } from '#core/accounts/model';
import { conflictOverrideMessages, conflictOverrideTexts } from '#core/review/conflict-overrides';
import { conflictReasonText, type ConflictReason } from '#core/review/conflicts';
import { decisionMessages, decisionTexts, outcomes } from '#core/review/deciding';
import { manualAssignmentMessages, manualAssignmentTexts } from '#core/review/manual-assignment';
import { tieMessages, tieTexts } from '#core/review/presentation-tie';
import { publishMessages, publishTexts } from '#core/review/publishing';
import { reviewMessages, reviewTexts } from '#core/review/reviewing';
import { revisionMessages, revisionTexts } from '#core/review/revision';
import { reviewCategoryValues, reviewTeamMessages, reviewTeamTexts } from '#core/review/team';
import { expectChinese } from '../chinese-text';

const email = 'li.wang@example.org';
const [first, second] = reviewCategoryValues as [string, string];
const roles = (reviewer: string[] | null, committee: boolean): ReviewRoles => ({
  ...(reviewer ? { reviewer: { categories: reviewer, grant: 'g1' } } : {}),
  ...(committee ? { committee: { grant: 'g2' } } : {}),
});

/** [what, the new text, the old English, the values that stay Latin in Chinese] */
const cases: [string, Text, string, string[]][] = [
  ['review not open', reviewTexts.notOpen, reviewMessages.notOpen, []],
  ['review closed', reviewTexts.closed, reviewMessages.closed, []],
  ['revised', revisionTexts.revised, revisionMessages.revised, []],
  ['revise too late', revisionTexts.reviseTooLate, revisionMessages.reviseTooLate, []],
  ['overridden', conflictOverrideTexts.overridden(email), conflictOverrideMessages.overridden(email), [email]],
  ['already overridden', conflictOverrideTexts.alreadyOverridden(email), conflictOverrideMessages.alreadyOverridden(email), [email]],
  ['restored', conflictOverrideTexts.restored(email), conflictOverrideMessages.restored(email), [email]],
  ['restored, reviewer gone', conflictOverrideTexts.restored(undefined), conflictOverrideMessages.restored('The reviewer'), []],
  ...outcomes.map((o): [string, Text, string, string[]] => [`decided ${o}`, decisionTexts.decided(o), decisionMessages.decided(o), []]),
  ...(['oral', 'poster'] as const).flatMap((type): [string, Text, string, string[]][] => [
    [`full ${type}`, decisionTexts.full(first, type, 12), decisionMessages.full(first, type, 12), []],
    [`full ${type} 1500`, decisionTexts.full(second, type, 1500), decisionMessages.full(second, type, 1500), []],
    [`below decided ${type}`, decisionTexts.belowDecided(first, type, 1), decisionMessages.belowDecided(first, type, 1), []],
    [`below decided ${type} 2709`, decisionTexts.belowDecided(second, type, 2709), decisionMessages.belowDecided(second, type, 2709), []],
    [`tie choose ${type}`, tieTexts.choose(type), tieMessages.choose(type), []],
    [`tie not accepted ${type}`, tieTexts.notAccepted(type), tieMessages.notAccepted(type), []],
    [`tie none accepted ${type}`, tieTexts.noneAccepted(type), tieMessages.noneAccepted(type), []],
  ]),
  ...reviewCategoryValues.map((c): [string, Text, string, string[]] => [`not reviewer ${c}`, manualAssignmentTexts.notReviewer(c), manualAssignmentMessages.notReviewer(c), []]),
  ...([['author'], ['institution', 'co-author'], Object.keys(conflictReasonText)] as ConflictReason[][]).map((reasons): [string, Text, string, string[]] => [
    `conflicted ${reasons.join(',')}`,
    manualAssignmentTexts.conflicted(reasons),
    manualAssignmentMessages.conflicted(reasons.map((r) => conflictReasonText[r]).join('; ')),
    [],
  ]),
  ['moved', manualAssignmentTexts.moved('a@example.org', 'b@example.org'), manualAssignmentMessages.moved('a@example.org', 'b@example.org'), []],
  ['moved from a gone reviewer', manualAssignmentTexts.moved(undefined, 'b@example.org'), manualAssignmentMessages.moved('The former reviewer', 'b@example.org'), []],
  ['added', manualAssignmentTexts.added(email), manualAssignmentMessages.added(email), []],
  ['removed', manualAssignmentTexts.removed(email), manualAssignmentMessages.removed(email), []],
  ['removed a gone reviewer', manualAssignmentTexts.removed(undefined), manualAssignmentMessages.removed('The former reviewer'), []],
  ['already published', publishTexts.alreadyPublished('2024-07-05T16:00:00.000Z'), publishMessages.alreadyPublished('2024-07-05T16:00:00.000Z'), []],
  ['already published at 09:30', publishTexts.alreadyPublished('2024-07-06T01:30:00.000Z'), publishMessages.alreadyPublished('2024-07-06T01:30:00.000Z'), []],
  ['resent', publishTexts.resent(email), publishMessages.resent(email), []],
  ['resend withheld', publishTexts.resendWithheld(email), publishMessages.resendWithheld(email), []],
  ['team no account', reviewTeamTexts.noAccount(email), reviewTeamMessages.noAccount(email), []],
  ['team not activated', reviewTeamTexts.notActivated(email), reviewTeamMessages.notActivated(email), []],
  ['team unchanged', reviewTeamTexts.unchanged(email), reviewTeamMessages.unchanged(email), []],
  ['team saved: no role', reviewTeamTexts.saved(email, undefined), reviewTeamMessages.saved(email, undefined), []],
  ['team saved: a reviewer', reviewTeamTexts.saved(email, roles([first], false)), reviewTeamMessages.saved(email, roles([first], false)), []],
  ['team saved: two categories', reviewTeamTexts.saved(email, roles([first, second], false)), reviewTeamMessages.saved(email, roles([first, second], false)), []],
  ['team saved: committee', reviewTeamTexts.saved(email, roles(null, true)), reviewTeamMessages.saved(email, roles(null, true)), []],
  ['team saved: both', reviewTeamTexts.saved(email, roles([first, second], true)), reviewTeamMessages.saved(email, roles([first, second], true)), []],
];

describe("the review's messages with values", () => {
  it.each(cases)('%s: English word for word, and Chinese', (_what, text, old, latin) => {
    expect(localise('en', text)).toBe(old);
    expectChinese(localise('zh-Hans', text), latin);
  });
  it('write dates in China Standard Time with the zone in both languages', () => {
    expect(localise('en', reviewTexts.closed)).toBe('The review closed on 14 June 2024, 24:00 CST (UTC+8): reviews can no longer be changed.');
    expect(localise('zh-Hans', reviewTexts.closed)).toBe('评审已于2024年6月14日 24:00 (UTC+8)截止：评审意见不能再修改。');
    expect(localise('zh-Hans', reviewTexts.notOpen)).toContain('2024年5月17日 00:00 (UTC+8)');
  });
  it('write numbers as they were (no grouping) and categories and conflict reasons in Chinese', () => {
    expect(localise('en', decisionTexts.belowDecided(second, 'poster', 2709))).toContain(' 2709 posters ');
    expect(localise('zh-Hans', manualAssignmentTexts.conflicted(['institution', 'co-author']))).toContain('与一位作者同属一个单位；曾与一位作者合著另一篇摘要');
  });
});
