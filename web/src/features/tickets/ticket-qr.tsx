/**
 * A ticket's QR code as SVG: the modules of qrcode's own matrix (error correction M, as the PDFs
 * and the check-in bench use) as one path, with the four-module quiet zone, drawn at a real size
 * (a phone held up to a scanner at the door) and crisp at any zoom.
 */
import { Box } from '@chakra-ui/react';
import QRCode from 'qrcode';
import { useMemo } from 'react';

export function qrPath(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  return { d, size: n + 8 };
}

export function TicketQr({ text, label, size = '15rem' }: { text: string; label: string; size?: string }) {
  const { d, size: modules } = useMemo(() => qrPath(text), [text]);
  return (
    <Box width={size} maxW="100%" bg="white" data-testid="ticket-qr" flexShrink={0}>
      <svg viewBox={`0 0 ${modules} ${modules}`} width="100%" height="100%" role="img" aria-label={label} shapeRendering="crispEdges" style={{ display: 'block' }}>
        <rect width={modules} height={modules} fill="#ffffff" />
        <path d={d} fill="#000000" />
      </svg>
    </Box>
  );
}
