/**
 * The review's texts in the catalogs (issue 32): the English of every id the pages build from the
 * config or from the server's words is those words exactly (criteria and their scales, conflict
 * reasons, the assignment run's outcome), and the Chinese of the reviewer's messages is there.
 */
import { describe, expect, it } from 'vitest';
import { reviewSettings } from '#core/config/review';
import { en } from '#core/i18n/catalogs/en/index';
import { zhHans } from '#core/i18n/catalogs/zh-Hans/index';
import type { MessageId } from '#core/i18n/messages';
import { localise, serverTranslator } from '#core/i18n/server-messages';
import { conflictReasonText } from '#core/review/conflicts';
import { reviewMessages } from '#core/review/reviewing';

const english = en as Record<string, string>;
const t = serverTranslator('en');
const zh = serverTranslator('zh-Hans');

describe('the review texts', () => {
  it('name every criterion and each value of its scale as the config does, with a Chinese text', () => {
    for (const c of reviewSettings.criteria) {
      expect(english[`review.criterion.${c.id}`], c.id).toBe(c.label);
      c.scale.forEach((label, i) => expect(english[`review.criterion.${c.id}.${i + 1}`], `${c.id} ${i + 1}`).toBe(label));
      expect(zhHans[`review.criterion.${c.id}` as MessageId]).not.toBe(c.label);
    }
  });
  it('name every conflict reason as the server does', () => {
    for (const [code, text] of Object.entries(conflictReasonText)) expect(english[`review.office.conflicts.reason.${code}`], code).toBe(text);
  });
  it('say the assignment run\'s outcome in English word for word', () => {
    for (const [added, short] of [[1, 0], [2, 1], [5, 3], [1200, 0], [0, 1200]] as const) {
      const values = { added, addedText: String(added), short, shortText: String(short), per: reviewSettings.reviewersPerAbstract };
      expect(t('review.committee.assigned', values)).toBe(reviewMessages.assigned(added, short));
      expect(zh('review.committee.assigned', values)).toContain(String(added));
    }
  });
  it('keep the apostrophes of the English texts', () => {
    expect(t('review.abstract.pdfs', { count: 1 })).toBe("The abstract's PDF");
    expect(t('review.abstract.pdfs', { count: 2 })).toBe("The abstract's PDFs");
    expect(t('review.publication.mails', { sent: '3', total: '4', hasWithheld: 'yes', withheld: '1', hasFailed: 'no', failed: '0' })).toBe('3 of 4 sent, 1 withheld');
  });
  it('give the reviewer\'s messages in Chinese by their English words', () => {
    expect(localise('zh-Hans', reviewMessages.ratings)).toBe('请为每项评分标准打分（1至5分）。');
    expect(localise('zh-Hans', reviewMessages.submitted)).toBe('您的评审意见已提交。评审截止前您仍可修改。');
    expect(localise('en', reviewMessages.submitted)).toBe(reviewMessages.submitted);
  });
});
