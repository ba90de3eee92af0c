import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../functions/platform/client-address';

const fromSource = (sourceIp: string) => clientAddress({ headers: {}, requestContext: { http: { sourceIp } } } as never);
const fromViewer = (viewer: string) =>
  clientAddress({ headers: { 'cloudfront-viewer-address': viewer }, requestContext: { http: { sourceIp: '198.51.100.9' } } } as never);

describe('the key of per-client limits', () => {
  it('is an IPv4 address as it is', () => {
    expect(fromSource('203.0.113.7')).toBe('203.0.113.7');
    expect(fromViewer('203.0.113.7:46532')).toBe('203.0.113.7');
  });

  it('groups an IPv6 address by its /64, written in full or compressed', () => {
    const key = '2001:db8:0:1::/64';
    expect(fromViewer('2001:0db8:0000:0001:0000:0000:0000:0001:46532')).toBe(key);
    expect(fromViewer('2001:db8:0:1:ffff:ffff:ffff:fffe:443')).toBe(key);
    expect(fromSource('2001:db8:0:1::5')).toBe(key);
    expect(fromSource('2001:db8::1:0:0:0:9')).toBe(key);
    expect(fromSource('2001:db8:0:2::5')).toBe('2001:db8:0:2::/64');
    expect(fromSource('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address, dotted or in hex', () => {
    expect(fromSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(fromSource('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(fromViewer('0:0:0:0:0:ffff:203.0.113.7:443')).toBe('203.0.113.7');
  });

  it('leaves a zone id out and takes the address in brackets', () => {
    expect(fromSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(fromSource('fe80::2%25')).toBe('fe80:0:0:0::/64');
    expect(fromSource('[2001:db8:0:1::7]')).toBe('2001:db8:0:1::/64');
  });

  it('keeps what is not an address as it came', () => {
    expect(fromSource('unknown')).toBe('unknown');
  });
});
