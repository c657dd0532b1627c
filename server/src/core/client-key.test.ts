import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('counts an IPv4 client by its address, mapped into IPv6 or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  // Review finding: every address of a /64 counted as a client of its own, so one subscriber could take a new
  // address for every guess.
  it('counts IPv6 clients per /64, however the address is written', () => {
    const key = clientKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:85a3:1::/64');
    expect(clientKey('2001:0DB8:85A3:0001::1')).toBe(key);
    expect(clientKey('2001:db8:85a3:1:ffff::1.2.3.4')).toBe(key);
    expect(clientKey('2001:db8:85a3:2::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
