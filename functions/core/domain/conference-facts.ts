/**
 * What the web app needs to know about the congress: served by `GET /conference` so that no page
 * hard-codes a date, fee or limit. Everything here comes from config/conference.ts.
 */
import {
  abstractLimits,
  bankTransfer,
  conference,
  deadlines,
  hotelRateRangeUsd,
  lateBreaking2019,
  legacyFees2019,
  registration2024,
  registrationDocuments,
  timing,
  uploadPurposes,
} from '../config/conference';

export function conferenceFacts() {
  return {
    conference,
    deadlines,
    timing,
    uploadPurposes,
    abstractLimits,
    lateBreaking2019,
    registrationDocuments,
    legacyFees2019,
    registration2024,
    bankTransfer,
    hotelRateRangeUsd,
  };
}

export type ConferenceFacts = ReturnType<typeof conferenceFacts>;
