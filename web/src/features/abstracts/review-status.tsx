/** An abstract's status as its author sees it (/admin/pre): nothing of the review before the committee publishes its decision. */
import { Badge } from '@chakra-ui/react';
import type { AbstractListItem } from './api';

const palette: Record<AbstractListItem['review_status']['code'], string> = {
  submitted: 'gray',
  under_review: 'blue',
  revise: 'orange',
  accepted: 'green',
  not_accepted: 'red',
};

export function ReviewStatus({ status }: { status: AbstractListItem['review_status'] }) {
  return (
    <Badge colorPalette={palette[status.code]} variant="subtle" whiteSpace="normal" textAlign="start">
      {status.label}
    </Badge>
  );
}
