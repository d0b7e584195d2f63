/**
 * Renders the tiny inline markup of content files: `**bold**`, `[label](href)` and `{placeholder}`
 * (filled from the conference facts). Nothing else is interpreted: content never becomes HTML.
 */
import { Fragment, type ReactNode } from 'react';
import { fillPlaceholders } from '../../content/placeholders';
import { SmartLink } from '../smart-link';

const TOKEN = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function renderInline(text: string, values: Record<string, string>): ReactNode[] {
  const filled = fillPlaceholders(text, values);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of filled.matchAll(TOKEN)) {
    if (m.index > last) out.push(filled.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={m.index}>{m[1]}</strong>);
    else out.push(
      <SmartLink key={m.index} href={m[3]!} color="brand.fg" textDecoration="underline">
        {m[2]}
      </SmartLink>,
    );
    last = m.index + m[0].length;
  }
  if (last < filled.length) out.push(filled.slice(last));
  return out;
}

export function InlineText({ text, values }: { text: string; values: Record<string, string> }) {
  return <Fragment>{renderInline(text, values)}</Fragment>;
}

/** Plain text of a content string (for titles, alt text, meta descriptions). */
export function plainText(text: string, values: Record<string, string>): string {
  return fillPlaceholders(text, values).replace(TOKEN, (_, bold?: string, label?: string) => bold ?? label ?? '');
}
