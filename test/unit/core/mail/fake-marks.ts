/** In-memory mail marks: the same contract (and conditions) as functions/storage/mail-marks.ts. */
import type { MailMark, MailMarkStore } from '#core/mail/delivery';

export function fakeMailMarks() {
  const marks = new Map<string, MailMark>();
  const store: MailMarkStore = {
    get: async (address) => (marks.has(address) ? { ...marks.get(address)! } : undefined),
    mark: async (mark) => {
      const old = marks.get(mark.address);
      if (old && !(old.at < mark.at)) return false;
      marks.set(mark.address, { ...mark });
      return true;
    },
    clearBounceBefore: async (address, before) => {
      const old = marks.get(address);
      if (!old || old.kind !== 'bounced' || !(old.at < before.toISOString())) return false;
      marks.delete(address);
      return true;
    },
  };
  return { marks, store };
}
