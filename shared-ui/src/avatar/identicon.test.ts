import { identiconCells, identiconDataUri, identiconSvg } from './identicon';

const hashA = '205e460b479e2e5b48aec07710c08d50';
const hashB = 'a3c65c2974270fd093ee8a9bf8ae7d0b';

describe('identiconSvg', () => {
  it('draws the same picture for the same hash', () => {
    expect(identiconSvg(hashA)).toBe(identiconSvg(hashA));
    expect(identiconSvg(hashA.toUpperCase())).toBe(identiconSvg(hashA));
  });

  it('draws different pictures for different hashes', () => {
    expect(identiconSvg(hashA)).not.toBe(identiconSvg(hashB));
    expect(identiconCells(hashA)).not.toEqual(identiconCells(hashB));
  });

  it('is 100 px by default and takes another size', () => {
    expect(identiconSvg(hashA)).toContain('width="100" height="100"');
    expect(identiconSvg(hashA, 48)).toContain('width="48" height="48"');
  });

  it('is a symmetric 5x5 pattern', () => {
    const cells = identiconCells(hashA);
    expect(cells).toHaveLength(5);
    for (const row of cells) {
      expect(row).toHaveLength(5);
      expect(row).toEqual([...row].reverse());
    }
  });

  it('still draws a stable picture for a malformed hash', () => {
    expect(identiconSvg('not a hash')).toBe(identiconSvg('not a hash'));
    expect(identiconSvg('not a hash')).not.toBe(identiconSvg('another'));
    expect(identiconSvg('')).toContain('<svg');
  });
});

describe('identiconDataUri', () => {
  it('is an inline SVG image, no network URL', () => {
    const uri = identiconDataUri(hashA, 64);
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(
      identiconSvg(hashA, 64),
    );
  });
});
