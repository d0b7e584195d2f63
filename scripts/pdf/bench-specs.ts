/**
 * The documents `npm run bench` renders: one of each kind, made by the documents' own builders,
 * for a delegate with a Chinese name, a Polish name and an Arabic-script affiliation.
 */
import type { PdfSpec } from '../../functions/core/documents/model';
import { certificateSpec } from '../../functions/core/documents/certificate';
import { creditNoteSpec, documentNumber, receiptSpec } from '../../functions/core/documents/receipt';
import { visaLetterSpec } from '../../functions/core/documents/visa-letter';
import type { Payment, Refund } from '../../functions/core/payments/model';
import type { StoredOrder } from '../../functions/core/orders/ports';
import { orderTotal } from '../../functions/core/orders/pricing';
import { orderFormSchema } from '../../functions/core/orders/schemas';
import { validForm } from '../../test/unit/core/orders/form';
import { namesInScripts } from '../../test/support/pdf';

const PAID_AT = '2024-08-01T02:00:00.000Z';

export function benchDocumentSpecs(): Record<string, PdfSpec> {
  const form = orderFormSchema.parse(validForm({ first_name: '小明', last_name: '王', organization: `${namesInScripts.arabicAffiliation}، كلية الطب` }));
  const order: StoredOrder = {
    ...form,
    id: 'o1',
    owner_id: 'u1',
    owner_email: 'wang@example.org',
    sequence: 12,
    order_no: 'R24-000012',
    reference: 'IACR24-000012-3',
    checksum: 'c',
    payment_status: 1,
    amount_required: orderTotal(form),
    currency: 'USD',
    payment_method: 'card',
    created_at: '2024-07-31T02:00:00.000Z',
    updated_at: PAID_AT,
    paid_at: PAID_AT,
  };
  const payment: Payment = {
    id: 'p1',
    subject: { kind: 'order', id: order.id, owner_id: order.owner_id },
    amount: order.amount_required,
    currency: 'USD',
    method: 'card',
    provider: 'stripe',
    provider_ids: { checkout_session: 'cs_test_1', payment_intent: 'pi_test_1' },
    state: 'confirmed',
    version: 2,
    created_at: PAID_AT,
    updated_at: PAID_AT,
    confirmed_at: PAID_AT,
  };
  const refund: Refund = {
    id: 'r1',
    payment_id: payment.id,
    subject: payment.subject,
    amount: payment.amount - 5000,
    currency: 'USD',
    method: 'card',
    state: 'done',
    version: 2,
    reason: 'cancellation',
    requested_by: 'delegate',
    created_at: '2024-08-10T02:00:00.000Z',
    updated_at: '2024-08-10T02:00:01.000Z',
    done_at: '2024-08-10T02:00:01.000Z',
  } as Refund;
  const issuedAt = new Date('2024-08-01T02:00:05.000Z');
  return {
    receipt: receiptSpec({ number: documentNumber(7), issuedAt, order, payments: [payment] }),
    'credit note': creditNoteSpec({ number: documentNumber(8), issuedAt, order, receipt: { number: documentNumber(7) }, refund, paid: payment.amount, refundedBefore: 0 }),
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
