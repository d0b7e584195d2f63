import { recordMailEvent } from '#core/mail/record-mail-event';
import { domainLog } from '#lib/logger';
import { defineSnsWorker } from '#lib/worker-handler';
import { mailMarkStore } from '#storage/mail-marks';

/** SES's bounce and complaint notifications, delivered by SNS: each marks its addresses. */
export const handler = defineSnsWorker('recordMailEvent', (message, now) => recordMailEvent({ marks: mailMarkStore, log: domainLog }, message.text, now));
