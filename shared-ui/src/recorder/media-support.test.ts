import { browserSupport, formatSeconds } from './media-support';
import { CHROME_USER_AGENT, FIREFOX_USER_AGENT, SAFARI_USER_AGENT } from './testing/fake-media';

const chrome = (version: number, android = false) =>
  android
    ? `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Mobile Safari/537.36`
    : `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

describe('browserSupport', () => {
  it.each([
    ['Chrome 86', chrome(86), true],
    ['Chrome 85', chrome(85), false],
    ['Chrome 88 on an Android phone', chrome(88, true), true],
    ['Chrome 87 on an Android phone', chrome(87, true), false],
    ['Edge 79', `${chrome(79)} Edg/79.0.309.43`, true],
    ['Edge 18 (EdgeHTML)', `${chrome(70)} Edge/18.18363`, false],
    ['Opera 71', `${chrome(85)} OPR/71.0.3770.228`, true],
    ['Opera 70', `${chrome(84)} OPR/70.0.3728.106`, false],
    [
      'Samsung Internet 13',
      `Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/13.0 Chrome/83.0.4103.106 Mobile Safari/537.36`,
      true,
    ],
    [
      'Samsung Internet 12',
      `Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/12.1 Chrome/79.0.3945.136 Mobile Safari/537.36`,
      false,
    ],
    ['Firefox 84', 'Mozilla/5.0 (X11; Linux x86_64; rv:84.0) Gecko/20100101 Firefox/84.0', true],
    ['Firefox 83', 'Mozilla/5.0 (X11; Linux x86_64; rv:83.0) Gecko/20100101 Firefox/83.0', false],
  ])('%s: supported %s', (_name, userAgent, supported) => {
    expect(browserSupport(userAgent)).toEqual({ supported, safari: false });
  });

  it('lets Safari and every iOS browser record, with the Safari hint', () => {
    expect(browserSupport(SAFARI_USER_AGENT)).toEqual({ supported: true, safari: true });
    const iosChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
    expect(browserSupport(iosChrome)).toEqual({ supported: true, safari: true });
  });

  it('gives the fake media a supported browser by default', () => {
    expect(browserSupport(CHROME_USER_AGENT).supported).toBe(true);
    expect(browserSupport(FIREFOX_USER_AGENT).supported).toBe(true);
  });
});

describe('formatSeconds', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(9.9)).toBe('0:09');
    expect(formatSeconds(60)).toBe('1:00');
    expect(formatSeconds(-1)).toBe('0:00');
  });
});
