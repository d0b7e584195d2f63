/** Wiring of the programme (core/programme): its items in the table, every abstract by category, the chairs' accounts. */
import type { ProgrammeDeps } from '#core/programme/ports';
import { allAbstracts } from '#core/review/conflict-checks';
import { secrets } from '#lib/crypto';
import { abstractDirectory } from '#storage/office-directory';
import { programmeStore } from '#storage/programme';
import { getUser } from '#storage/users';

export const programmeDeps: ProgrammeDeps = {
  store: programmeStore,
  sources: {
    abstracts: () => allAbstracts(abstractDirectory),
    async accountName(accountId) {
      const user = await getUser(accountId);
      return user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || undefined : undefined;
    },
  },
  newId: secrets.newId,
};
