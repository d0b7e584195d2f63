/**
 * What must hold between an order's money and its receipts and credit notes once nothing is in
 * flight (checked by documentViolations, order-documents.ts; the reconciliation and the
 * model-based money test run it). Apart from the issuing code: the office's reconciliation page
 * shows these texts.
 */
export const documentRules = {
  'receipt-when-paid': 'A paid order has exactly one receipt for its payment in force; an order that was never paid has none.',
  'documents-balance': "Receipts less credit notes come to what the order's payments brought in less what was given back.",
  'documents-refer': 'A credit note refers to a receipt of the order; a receipt for a returned refund refers to a credit note of the order.',
  'documents-add-up': "The lines of every receipt and credit note add up to its total; a receipt's payments too.",
} as const;
export type DocumentRule = keyof typeof documentRules;
