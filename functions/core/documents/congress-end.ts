/** When certificates are issued: 24:00 CST of the congress's last day (a module of its own: the order list reads it without the documents' texts). */
import { conference } from '../config/conference';
import { cst } from '../time';

export const congressEnds = cst(`${conference.dates.end}T24:00`);
