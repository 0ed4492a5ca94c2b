/**
 * Reads ESC/POS bytes back into the text a kitchen printer would put on paper, so tests check the
 * ticket itself and not how it was built. Written from Epson's command reference: every command
 * the ticket may use is understood; any other byte sequence fails the test instead of being skipped.
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/** Epson's ESC t numbering of character tables (its command reference, "ESC t n"). */
const EPSON_TABLES: (string | undefined)[] = [
  'cp437', 'epson/katakana', 'cp850', 'cp860', 'cp863', 'cp865', undefined, undefined, undefined, undefined, undefined,
  'cp851', 'cp853', 'cp857', 'cp737', 'iso8859-7', 'windows1252', 'cp866', 'cp852', 'cp858', 'thai42', 'thai11',
  undefined, undefined, undefined, undefined, 'thai13', undefined, undefined, undefined, 'tcvn3', 'tcvn3capitals',
  'cp720', 'cp775', 'cp855', 'cp861', 'cp862', 'cp864', 'cp869', 'epson/iso8859-2', 'iso8859-15', 'cp1098', 'cp774',
  'cp772', 'cp1125', 'windows1250', 'windows1251', 'windows1253', 'windows1254', 'windows1255', 'windows1256',
  'windows1257', 'windows1258', 'rk1048',
];

export interface PrintedLine {
  text: string;
  bold: boolean;
  /** Character width and height multipliers (GS !). */
  size: [number, number];
  inverted: boolean;
}

export interface DecodedTicket {
  lines: PrintedLine[];
  cut: boolean;
  /** The whole ticket as text, one printed line per line, trailing spaces removed. */
  text: string;
}

const tables = new Map<string, number[]>();
function table(name: string): number[] {
  let codepoints = tables.get(name);
  if (!codepoints) {
    codepoints = CodepageEncoder.getCodepoints(name as Parameters<typeof CodepageEncoder.getCodepoints>[0], true);
    tables.set(name, codepoints);
  }
  return codepoints;
}

export function decodeEscPos(bytes: Uint8Array): DecodedTicket {
  const lines: PrintedLine[] = [];
  let codepage = 'cp437';
  let bold = false;
  let inverted = false;
  let size: [number, number] = [1, 1];
  let current = '';
  let cut = false;
  // A line's style is the style its visible characters were printed in (the encoder switches it around them).
  let line = { bold: false, size: [1, 1] as [number, number], inverted: false };
  const flush = () => {
    lines.push({ text: current.replace(/\s+$/, ''), ...line });
    current = '';
    line = { bold: false, size: [1, 1], inverted: false };
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const n = bytes[i + 1];
    const m = bytes[i + 2];
    if (b === 0x1b) {
      // ESC sequences
      if (n === 0x40) i += 1; // ESC @ initialise
      else if (n === 0x74) {
        const name = EPSON_TABLES[m ?? -1];
        if (!name) throw new Error(`ESC t ${m}: no such character table`);
        codepage = name;
        i += 2;
      } else if (n === 0x45) {
        bold = m === 1;
        i += 2;
      } else if (n === 0x61 || n === 0x2d || n === 0x4d || n === 0x33 || n === 0x64) i += 2; // align, underline, font, spacing, feed
      else if (n === 0x32) i += 1; // default line spacing
      else throw new Error(`unknown ESC command 0x${(n ?? 0).toString(16)} at ${i}`);
    } else if (b === 0x1d) {
      if (n === 0x21) {
        size = [((m ?? 0) >> 4) + 1, ((m ?? 0) & 0x0f) + 1];
        i += 2;
      } else if (n === 0x42) {
        inverted = m === 1;
        i += 2;
      } else if (n === 0x56) {
        cut = true;
        // GS V m (m = 0, 1, 48, 49) or GS V m n (m = 65, 66)
        i += m === 65 || m === 66 ? 3 : 2;
      } else throw new Error(`unknown GS command 0x${(n ?? 0).toString(16)} at ${i}`);
    } else if (b === 0x1c) {
      if (n === 0x2e) i += 1; // FS . cancel Kanji mode
      else throw new Error(`unknown FS command 0x${(n ?? 0).toString(16)} at ${i}`);
    } else if (b === 0x0a) flush();
    else if (b === 0x0d) continue;
    else if (b < 0x20) throw new Error(`unexpected control byte 0x${b.toString(16)} at ${i}`);
    else {
      if (b !== 0x20) line = { bold: line.bold || bold, size: size[0] > line.size[0] ? size : line.size, inverted: line.inverted || inverted };
      current += String.fromCodePoint(table(codepage)[b] ?? 0xfffd);
    }
  }
  if (current) flush();
  return { lines, cut, text: lines.map((l) => l.text).join('\n') };
}
