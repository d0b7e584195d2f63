/** What the editor looks up in the draft view: the problems of each session, and an abstract's name by its id. */
import type { DraftView } from './api';

/** The problems by the sessions they concern (a clash of two sessions is shown at both). */
export function problemsBySession(problems: DraftView['problems']): Map<string, DraftView['problems']> {
  const out = new Map<string, DraftView['problems']>();
  for (const p of problems) for (const id of new Set(p.session_ids)) out.set(id, [...(out.get(id) ?? []), p]);
  return out;
}

export interface AbstractName {
  id: string;
  type: 'oral' | 'poster' | null;
  number: string | null;
  title: string;
}

/**
 * Every abstract the editor can name: those the draft places and the accepted ones it does not.
 * `label` is "O-012 · Title"; an abstract the draft places that is gone from the portal is named by its id.
 */
export function abstractNames(view: Pick<DraftView, 'placed' | 'unplaced'>) {
  const byId = new Map<string, AbstractName>();
  for (const a of view.placed) byId.set(a.id, a);
  for (const u of view.unplaced) byId.set(u.id, { id: u.id, type: u.type, number: u.number, title: u.title });
  const label = (id: string) => {
    const a = byId.get(id);
    if (!a) return id;
    return a.number ? `${a.number} · ${a.title}` : a.title;
  };
  return { get: (id: string) => byId.get(id), label };
}

/**
 * The accepted abstracts of `type` a session's form may add: not placed anywhere in the draft, and
 * not in the form already (the form's own unsaved list).
 */
export function addable(
  view: Pick<DraftView, 'unplaced'>,
  type: 'oral' | 'poster',
  inForm: readonly string[],
) {
  const taken = new Set(inForm);
  return view.unplaced.filter((u) => u.type === type && !taken.has(u.id));
}
