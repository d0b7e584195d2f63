/**
 * The documents `npm run bench` renders: one of each kind, made by the documents' own builders,
 * for a delegate with a Chinese name, a Polish name and an Arabic-script affiliation.
 */
import type { PdfSpec } from '../../functions/core/documents/model';
import { certificateSpec } from '../../functions/core/documents/certificate';
import { creditNoteSpec, documentNumber, receiptSpec } from '../../functions/core/documents/receipt';
import { visaLetterSpec } from '../../functions/core/documents/visa-letter';
import { paidOrder, payment, refund } from '../../test/support/paid-order';
import { namesInScripts } from '../../test/support/pdf';

export function benchDocumentSpecs(): Record<string, PdfSpec> {
  const order = paidOrder({ first_name: '小明', last_name: '王', organization: `${namesInScripts.arabicAffiliation}، كلية الطب` });
  const paid = payment(order);
  const cancellation = refund(paid, paid.amount - 5000);
  const issuedAt = new Date('2024-08-01T02:00:05.000Z');
  return {
    receipt: receiptSpec({ number: documentNumber(7), issuedAt, order, payments: [paid] }),
    'credit note': creditNoteSpec({ number: documentNumber(8), issuedAt, order, receipt: { number: documentNumber(7) }, refund: cancellation, paid: paid.amount, refundedBefore: 0 }),
    'visa letter': visaLetterSpec(
      {
        id: 'o1',
        owner_id: 'u1',
        order_no: order.order_no,
        full_name_as_on_passport: namesInScripts.polish,
        nationality: 'Poland',
        date_of_birth: '1980-02-29',
        passport_number: 'EA1234567',
        issue_date_of_passport: '2020-01-15',
        expiry_date_of_passport: '2030-01-14',
        for_visa_support_letter: `${namesInScripts.arabicAffiliation}، كلية الطب`,
        organization: 'Cairo University',
      },
      issuedAt,
    ),
    certificate: certificateSpec({ order, presentations: [{ type: 'oral', title: 'Cancer incidence trends in 中国 registries, 2010–2020' }], issuedAt: new Date('2024-11-08T02:00:00.000Z') }),
  };
}
