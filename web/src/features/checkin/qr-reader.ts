/**
 * Reads a QR code from the camera's picture: the browser's BarcodeDetector where it has one
 * (Android Chrome, macOS), otherwise zxing-wasm (Debian's Chromium on Linux and iOS Safari have
 * none). The decoder's wasm is a file of this site's build, never a CDN's: the doors work offline
 * and mainland networks block CDNs; the service worker keeps it with the app.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<QrReader> {
  const zxing = await import('zxing-wasm/reader');
  zxing.prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(wasmUrl, window.location.origin).href : prefix + path,
    },
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    if (!video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const results = await zxing.readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return results.find((r) => r.isValid)?.text ?? null;
  };
}

let reader: Promise<QrReader> | undefined;

/** The page's one reader (the decoder is loaded once, whatever the scanner's mounts). */
export function createQrReader(): Promise<QrReader> {
  reader ??= nativeReader()
    .then((native) => native ?? wasmReader())
    .catch((error: unknown) => {
      reader = undefined;
      throw error;
    });
  return reader;
}
