import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The decoder's wasm comes from our own build (hashed, precached by the worker), never from the
 * library's default CDN: scanning works offline once the app is installed, and under our CSP.
 */
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};
prepareZXingModule({ overrides });

/** Compiles the wasm while the camera starts, so the first frame is not kept waiting (one object: the module is cached by it). */
export function warmUpDecoder(): Promise<unknown> {
  return prepareZXingModule({ overrides, fireImmediately: true });
}

/** Frames are scaled down to this width: table codes fill much of the picture, and smaller frames decode faster. */
const FRAME_WIDTH = 640;

/** The first QR code's text in the video's current frame, or null. */
export async function readQrText(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, FRAME_WIDTH / videoWidth);
  const width = Math.round(videoWidth * scale);
  const height = Math.round(videoHeight * scale);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const [result] = await readBarcodes(context.getImageData(0, 0, width, height), {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
    tryHarder: true,
  });
  return result?.isValid ? result.text : null;
}
