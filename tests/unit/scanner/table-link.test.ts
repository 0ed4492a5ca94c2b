import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from '../../../src/client/features/scanner/camera';
import { tableCodeFromScan } from '../../../src/client/features/scanner/table-link';

const ORIGIN = 'https://bestellen.lindenhof.example';
const CODE = 'T03-ZNB0-3RH6-48WA';

describe('a scanned text as a table link', () => {
  it('reads the code from the link our server prints (tableLink)', () => {
    expect(tableCodeFromScan(`${ORIGIN}/?table=${CODE}`, ORIGIN)).toBe(CODE);
    expect(tableCodeFromScan(`${ORIGIN}/?table=${encodeURIComponent('T03 ZNB0 3RH6')}`, ORIGIN)).toBe('T03 ZNB0 3RH6');
    // Scanners hand over what the code holds, line ends and all; the scheme and host are not case-sensitive.
    expect(tableCodeFromScan(`  ${ORIGIN}/?table=${CODE}\r\n`, ORIGIN)).toBe(CODE);
    expect(tableCodeFromScan(`HTTPS://BESTELLEN.Lindenhof.example/?table=${CODE}`, ORIGIN)).toBe(CODE);
    expect(tableCodeFromScan(`${ORIGIN}/index.html?lang=de&table=${CODE}#menu`, ORIGIN)).toBe(CODE);
  });

  it('refuses links to anywhere but our origin', () => {
    for (const text of [
      `https://evil.example/?table=${CODE}`,
      `http://bestellen.lindenhof.example/?table=${CODE}`,
      `https://bestellen.lindenhof.example:8443/?table=${CODE}`,
      `https://bestellen.lindenhof.example.evil.example/?table=${CODE}`,
      `https://bestellen.lindenhof.example@evil.example/?table=${CODE}`,
      `https://user:pass@bestellen.lindenhof.example/?table=${CODE}`,
      `//evil.example/?table=${CODE}`,
      `/?table=${CODE}`,
      `javascript:alert(1)//${ORIGIN}/?table=${CODE}`,
      `data:text/html,<script>location='${ORIGIN}/?table=${CODE}'</script>`,
      `blob:${ORIGIN}/0a1b2c`,
    ]) {
      expect(tableCodeFromScan(text, ORIGIN), text).toBeNull();
    }
  });

  it('refuses what is not a table link of ours, on our origin too', () => {
    for (const text of [
      '',
      '   ',
      CODE,
      `${ORIGIN}/`,
      `${ORIGIN}/checkout?table=${CODE}`,
      `${ORIGIN}/staff/?table=${CODE}`,
      `${ORIGIN}/?table=`,
      `${ORIGIN}/?table=${CODE}&table=T01-PN3D-71SD-V2QK`,
      `${ORIGIN}/?table=${encodeURIComponent('<script>')}`,
      `${ORIGIN}/?table=${encodeURIComponent('T03\u0000ZNB0')}`,
      `${ORIGIN}/?table=${encodeURIComponent('../../api/me')}`,
      `${ORIGIN}/?table=${'A'.repeat(61)}`,
      `${ORIGIN}/?table=-T03`,
      `${ORIGIN}/?__proto__=x&constructor=y`,
      `${ORIGIN}/?table=${CODE}&x=${'y'.repeat(600)}`,
      'WIFI:T:WPA;S:Lindenhof Gäste;P:secret;;',
      'BEGIN:VCARD\nFN:Lindenhof\nEND:VCARD',
    ]) {
      expect(tableCodeFromScan(text, ORIGIN), text).toBeNull();
    }
  });
});

describe('why the camera did not start', () => {
  const named = (name: string) => new DOMException('refused', name);
  it('tells a refusal, a missing camera and a busy one apart', () => {
    expect(cameraProblemOf(named('NotAllowedError'))).toBe('refused');
    expect(cameraProblemOf(named('SecurityError'))).toBe('refused');
    expect(cameraProblemOf(named('NotFoundError'))).toBe('none');
    expect(cameraProblemOf(named('OverconstrainedError'))).toBe('none');
    expect(cameraProblemOf(named('NotReadableError'))).toBe('busy');
    expect(cameraProblemOf(new Error('boom'))).toBe('busy');
    expect(cameraProblemOf('not an error')).toBe('busy');
  });
});
