import { afterEach, describe, expect, it, vi } from 'vitest';
import { destinationOf, isPublicAddress, setResolver, type ResolvedAddress } from '../../functions/webhooks/addresses';

/** Where a webhook may be sent: public unicast addresses only, however the address is written or resolved. */
describe('webhook addresses', () => {
  let restore = () => {};
  afterEach(() => {
    restore();
    vi.unstubAllEnvs();
  });
  const resolving = (answers: Record<string, ResolvedAddress[]>) => {
    restore = setResolver(async (host) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    });
  };
  const destination = (url: string) => destinationOf(new URL(url));

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local: the cloud metadata service'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique-local'],
    ['fd12:3456::1', 'IPv6 unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::7f00:1', 'IPv4-compatible (deprecated) loopback'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not an address', 'no address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:93.184.216.34'])('takes the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads an address however the URL writes it: hex, a single number, brackets, IPv4 in IPv6', async () => {
    for (const url of ['https://0x7f000001/', 'https://2130706433/', 'https://0177.0.0.1/', 'https://[::ffff:7f00:1]/', 'https://[0:0:0:0:0:0:0:1]/']) {
      expect(await destination(url), url).toEqual({ refused: 'not-public' });
    }
    expect(await destination('https://93.184.216.34/hook')).toEqual({ pinned: { address: '93.184.216.34', family: 4 } });
    expect(await destination('https://[2606:4700::1]/hook')).toEqual({ pinned: { address: '2606:4700::1', family: 6 } });
  });

  it('refuses a name when any address it resolves to is not public, and pins the first of one that is', async () => {
    resolving({
      'public.example.com': [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
      'mixed.example.com': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.8', family: 4 },
      ],
      'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
      'mapped.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'empty.example.com': [],
    });
    expect(await destination('https://public.example.com/hook')).toEqual({ pinned: { address: '93.184.216.34', family: 4 } });
    expect(await destination('https://mixed.example.com/hook')).toEqual({ refused: 'not-public' });
    expect(await destination('https://metadata.example.com/hook')).toEqual({ refused: 'not-public' });
    expect(await destination('https://mapped.example.com/hook')).toEqual({ refused: 'not-public' });
    expect(await destination('https://empty.example.com/hook')).toEqual({ refused: 'not-found' });
    expect(await destination('https://nowhere.example.com/hook')).toEqual({ refused: 'not-found' });
  });

  it('takes https only, but for the origins the local stack allows, as they are', async () => {
    resolving({ 'public.example.com': [{ address: '93.184.216.34', family: 4 }] });
    expect(await destination('http://public.example.com/hook')).toEqual({ refused: 'not-https' });
    expect(await destination('http://127.0.0.1:3160/hooks/1')).toEqual({ refused: 'not-https' });
    vi.stubEnv('WEBHOOK_ALLOWED_ORIGINS', 'http://127.0.0.1:3160,http://127.0.0.1:3161');
    expect(await destination('http://127.0.0.1:3160/hooks/1')).toEqual({ asGiven: true });
    expect(await destination('http://127.0.0.1:3162/hooks/1')).toEqual({ refused: 'not-https' });
    expect(await destination('https://127.0.0.1:3160/hooks/1')).toEqual({ refused: 'not-public' });
  });
});
