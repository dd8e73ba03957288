import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasDomain, isWebUrl, SOCIAL_NETWORKS, socialLink } from './link-rules';

// Values that must never be stored as a link, for any rule: another scheme, or a trick that
// makes a parser (or a reader) see another host.
const SCRIPT_LINKS = [
  'javascript:alert(1)//twitter.com',
  'JavaScript:alert(document.cookie)//https://twitter.com/x',
  'javascript://twitter.com/%0aalert(1)',
  'java\tscript:alert(1)//twitter.com',
  'data:text/html,<script>alert(1)</script>twitter.com',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==//twitter.com',
  'vbscript:msgbox(1)//twitter.com',
  ' javascript:alert(1)//twitter.com',
  '\u0000javascript:alert(1)//twitter.com',
];

describe('link rules', () => {
  it('url/podcast/video: http(s) and no spaces', () => {
    assert.equal(isWebUrl('https://example.com/a'), true);
    assert.equal(isWebUrl('http://example.com'), true);
    assert.equal(isWebUrl('HTTPS://Example.com/a?b=c#d'), true);
    assert.equal(isWebUrl('example.com'), false);
    assert.equal(isWebUrl('ftp://example.com'), false);
    assert.equal(isWebUrl('https://example.com/a b'), false);
  });

  it('url/podcast/video: no other scheme, no credentials, a host', () => {
    for (const value of SCRIPT_LINKS) assert.equal(isWebUrl(value), false, value);
    assert.equal(isWebUrl('//example.com/a'), false, 'protocol-relative');
    assert.equal(isWebUrl('https://user:secret@example.com/'), false);
    assert.equal(isWebUrl('https://example.com@evil.test/'), false);
    assert.equal(isWebUrl('https://'), false);
    assert.equal(isWebUrl('https://exa\nmple.com'), false);
  });

  it('hasDomain: the network name then .com or .org; a domain for website', () => {
    assert.equal(hasDomain('https://instagram.com/maya', 'instagram'), true);
    assert.equal(hasDomain('https://en.wikipedia.org/wiki/X', 'wikipedia'), true);
    assert.equal(hasDomain('https://facebook.com/maya', 'instagram'), false);
    assert.equal(hasDomain('https://instagram.net/maya', 'instagram'), false);
    assert.equal(hasDomain('mayabrooks.co', 'website'), true);
    assert.equal(hasDomain('https://www.maya.example.com/about', 'website'), true);
    assert.equal(hasDomain('not a site', 'website'), false);
    assert.equal(hasDomain('localhost', 'website'), false);
  });

  it('hasDomain: the link is on the network’s own host or a subdomain of it', () => {
    const good: [string, string][] = [
      ['https://twitter.com/maya', 'twitter'],
      ['https://x.com/maya', 'twitter'],
      ['https://mobile.twitter.com/maya', 'twitter'],
      ['http://www.linkedin.com/in/maya', 'linkedin'],
      ['https://uk.linkedin.com/in/maya', 'linkedin'],
      ['https://m.youtube.com/@maya', 'youtube'],
      ['https://www.YouTube.com/@maya', 'youtube'],
      ['https://m.facebook.com/maya', 'facebook'],
      ['https://en.m.wikipedia.org/wiki/Maya', 'wikipedia'],
      ['https://www.tiktok.com/@maya', 'tiktok'],
      ['instagram.com/maya', 'instagram'],
    ];
    for (const [value, network] of good) assert.equal(hasDomain(value, network), true, value);

    const bad: [string, string][] = [
      ['https://evil-twitter.com/maya', 'twitter'],
      ['https://twitter.com.evil.test/maya', 'twitter'],
      ['https://eviltwitter.com/maya', 'twitter'],
      ['https://evil.test/twitter.com', 'twitter'],
      ['https://evil.test/?u=https://twitter.com', 'twitter'],
      ['https://evil.test#twitter.com', 'twitter'],
      ['https://twitter.com@evil.test/maya', 'twitter'],
      ['https://twitter.com:pass@evil.test/maya', 'twitter'],
      ['https://evil.test\\@twitter.com', 'twitter'],
      ['https://user@twitter.com/maya', 'twitter'],
      ['//twitter.com/maya', 'twitter'],
      ['/\\twitter.com/maya', 'twitter'],
      ['https://twitter.com:8443/maya', 'twitter'],
      ['https://wikipedia.com/wiki/X', 'wikipedia'],
      ['https://box.com/x', 'twitter'],
      ['https://youtube.com.evil.test/@maya', 'youtube'],
      ['ftp://twitter.com/maya', 'twitter'],
      ['https://twitter.com/maya', 'myspace'],
    ];
    for (const [value, network] of bad) assert.equal(hasDomain(value, network), false, value);
  });

  it('hasDomain: no scheme but http(s), for every network and website', () => {
    for (const network of SOCIAL_NETWORKS) {
      for (const value of SCRIPT_LINKS) assert.equal(hasDomain(value, network), false, value);
      assert.equal(hasDomain('mailto:maya@twitter.com', network), false);
      assert.equal(hasDomain('//twitter.com/maya', network), false, 'protocol-relative');
      assert.equal(hasDomain('https://twitter.com@evil.test/maya', network), false);
    }
    assert.equal(hasDomain('https://user:pass@mayabrooks.co/', 'website'), false);
    assert.equal(hasDomain('http://127.0.0.1/', 'website'), false);
  });

  it('socialLink: what is stored is always an http(s) URL', () => {
    assert.equal(socialLink('mayabrooks.co', 'website'), 'https://mayabrooks.co');
    assert.equal(
      socialLink('mayabrooks.co:8080/about', 'website'),
      'https://mayabrooks.co:8080/about',
    );
    assert.equal(socialLink(' instagram.com/maya ', 'instagram'), 'https://instagram.com/maya');
    assert.equal(socialLink('http://x.com/maya', 'twitter'), 'http://x.com/maya');
    assert.equal(socialLink('javascript:alert(1)//twitter.com', 'twitter'), null);
    assert.equal(socialLink('data:text/html,hi', 'website'), null);
  });
});
