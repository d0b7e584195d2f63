/**
 * The pairing code in a scanned or opened address: the office's QR is the app's address with the
 * code after `#` (`https://…/checkin#pair=<code>`, so no server log sees it). Anything else the
 * camera reads while pairing (a ticket, another site's code) is not a pairing code.
 */
export function pairingCode(text: string): string | null {
  const m = /\/checkin\/?#pair=([A-Za-z0-9_-]{10,100})$/.exec(text.trim());
  return m ? m[1]! : null;
}
