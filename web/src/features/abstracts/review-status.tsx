/** An abstract's status as its author sees it (/admin/pre): nothing of the review before the committee publishes its decision. */
import { Badge } from '@chakra-ui/react';
import { formatDeadline } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import type { AbstractListItem } from './api';

const palette: Record<AbstractListItem['review_status']['code'], string> = {
  submitted: 'gray',
  under_review: 'blue',
  revise: 'orange',
  accepted: 'green',
  not_accepted: 'red',
};

/** The server's label (core/review/publishing.ts) in the page's language: the same words in English. */
export function reviewStatusText(t: Translate, lang: Lang, status: AbstractListItem['review_status']): string {
  switch (status.code) {
    case 'accepted':
      return t('abstracts.status.accepted', { type: status.type, number: status.number });
    case 'not_accepted':
      return t('abstracts.status.notAccepted');
    case 'revise':
      return t('abstracts.status.revise', { until: formatDeadline(lang, status.until) });
    case 'under_review':
      return status.label === 'Under review' ? t('abstracts.status.underReview') : t('abstracts.status.revisedUnderReview');
    case 'submitted':
      return t('abstracts.status.submitted');
  }
}

export function ReviewStatus({ status }: { status: AbstractListItem['review_status'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <Badge colorPalette={palette[status.code]} variant="subtle" whiteSpace="normal" textAlign="start">
      {lang === 'en' ? status.label : reviewStatusText(t, lang, status)}
    </Badge>
  );
}
