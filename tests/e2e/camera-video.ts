import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** The white margin the QR standard asks for around a code, in modules. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as the picture a phone's camera would give: a grey table top with a white
 * card on it, drawn in RGB from the code's own module matrix (the pixels of the printed PNG).
 */
export function qrPicture(text: string): { width: number; height: number; rgb: Uint8Array } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.8) / (size + 2 * QUIET_ZONE));
  const side = (size + 2 * QUIET_ZONE) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const cx = Math.floor((x - left) / scale) - QUIET_ZONE;
      const cy = Math.floor((y - top) / scale) - QUIET_ZONE;
      const onCard = x >= left && x < left + side && y >= top && y < top + side;
      const dark = onCard && cx >= 0 && cy >= 0 && cx < size && cy < size && modules.get(cy, cx) === 1;
      const [r, g, b] = !onCard ? [139, 115, 85] : dark ? [20, 20, 20] : [245, 245, 240];
      rgb.set([r, g, b], (y * WIDTH + x) * 3);
    }
  }
  return { width: WIDTH, height: HEIGHT, rgb };
}

/**
 * Writes the picture as a Y4M video (YUV 4:2:0, full range, BT.601), the format Chromium's
 * `--use-file-for-fake-video-capture` plays as a camera, looping. No ffmpeg: the conversion is a
 * few lines.
 */
export function writeY4m(file: string, picture: { width: number; height: number; rgb: Uint8Array }, frames = 3): void {
  const { width, height, rgb } = picture;
  const y = new Uint8Array(width * height);
  const u = new Uint8Array((width / 2) * (height / 2));
  const v = new Uint8Array((width / 2) * (height / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const r = rgb[i] ?? 0;
      const g = rgb[i + 1] ?? 0;
      const b = rgb[i + 2] ?? 0;
      y[row * width + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
