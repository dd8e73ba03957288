import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasDomain, isWebUrl } from './link-rules';

describe('link rules', () => {
  it('url/podcast/video: http(s) and no spaces', () => {
    assert.equal(isWebUrl('https://example.com/a'), true);
    assert.equal(isWebUrl('http://example.com'), true);
    assert.equal(isWebUrl('example.com'), false);
    assert.equal(isWebUrl('ftp://example.com'), false);
    assert.equal(isWebUrl('https://example.com/a b'), false);
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
});
