/** Steps the check-in app's browser tests share. */
import fs from 'node:fs';
import QRCode from 'qrcode';

/** A video of the QR code (YUV4MPEG2, 4:2:0), as Chromium's fake camera plays it in a loop. */
export function qrVideo(text: string, file: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const [W, H] = [640, 480];
  const scale = Math.floor(H / (n + 8));
  const [x0, y0] = [Math.floor((W - n * scale) / 2), Math.floor((H - n * scale) / 2)];
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (y0 + r * scale + dy) * W + x0 + c * scale,
          (y0 + r * scale + dy) * W + x0 + (c + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((W * H) / 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}
