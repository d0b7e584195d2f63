/**
 * The abstract form's choices (functions/core/data/abstract-options.ts) as the page's language
 * names them: the stored value stays the English option's, only the label shown changes. An option
 * the catalogs do not know yet (organisers add one) shows its English label.
 */
import type { MessageId, Translate } from '#core/i18n/messages';

function byId(t: Translate, id: string, english: string): string {
  const text = t(id as MessageId);
  return text === id ? english : text;
}

/** A category group or a category ("registration", "registration.data-quality"). */
export const categoryOptionLabel = (t: Translate, value: string, english: string) => byId(t, `abstracts.category.${value}`, english);

/** A submission agreement ("original"). */
export const agreementLabel = (t: Translate, value: string, english: string) => byId(t, `abstracts.agreement.${value}`, english);

/** "Group: category", as the list shows it, from the options' groups; `fallback` when the value is unknown. */
export function categoryFullName(
  t: Translate,
  groups: readonly { label: string; value: string; children: readonly { label: string; value: string }[] }[],
  value: string,
  fallback: string,
): string {
  for (const group of groups) {
    const topic = group.children.find((c) => c.value === value);
    if (topic) return t('abstracts.category.full', { group: categoryOptionLabel(t, group.value, group.label), topic: categoryOptionLabel(t, topic.value, topic.label) });
  }
  return fallback;
}

/**
 * "Group: category" from a stored value alone ("registration.data-quality" is in the group
 * "registration"), without the options' data; `english` (the server's name) when the catalogs lack either.
 */
export function categoryNameOf(t: Translate, value: string, english: string): string {
  const groupId = `abstracts.category.${value.split('.')[0]}`;
  const topicId = `abstracts.category.${value}`;
  const group = t(groupId as MessageId);
  const topic = t(topicId as MessageId);
  return group === groupId || topic === topicId ? english : t('abstracts.category.full', { group, topic });
}
