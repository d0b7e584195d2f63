/** Every abstract category a delegate can choose, as the office's filter lists them (group: category). */
import { abstractCategories } from '../data/abstract-options';

export const categoryChoices = abstractCategories.flatMap((g) => g.children.map((c) => ({ value: c.value, label: `${g.label}: ${c.label}` })));
