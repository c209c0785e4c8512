import { describe, expect, it } from 'vitest';
import { bannerText, listenUrls } from './banner.js';

const nic = (address: string, internal = false) => ({
  address,
  internal,
  family: 'IPv4' as const,
  netmask: '255.0.0.0',
  mac: '00:00:00:00:00:00',
  cidr: null,
});

describe('start banner', () => {
  const interfaces = {
    eth0: [nic('10.1.2.3'), { ...nic('fe80::1'), family: 'IPv6' as const, scopeid: 1 }],
    lo: [nic('127.0.0.1', true)],
  };

  it('names every address a wildcard HOST listens on, loopback first, and never localhost', () => {
    expect(listenUrls('0.0.0.0', 8080, interfaces)).toEqual([
      'http://127.0.0.1:8080/',
      'http://10.1.2.3:8080/',
    ]);
    expect(listenUrls('::', 8080, interfaces)).toEqual(['http://127.0.0.1:8080/', 'http://10.1.2.3:8080/']);
  });

  it('names the one address of a given HOST', () => {
    expect(listenUrls('192.168.1.20', 80, interfaces)).toEqual(['http://192.168.1.20:80/']);
    expect(listenUrls('::1', 80, interfaces)).toEqual(['http://[::1]:80/']);
  });

  const facts = {
    urls: ['http://127.0.0.1:8080/', 'http://10.1.2.3:8080/'],
    ms: 900,
    database: 'pglite',
    dataDir: '/srv/data',
    credentials: [],
    initialPasswordsKept: false,
    smsGateway: false,
  };

  it('points to the development outbox only while no SMS gateway is configured', () => {
    const text = bannerText(facts);
    expect(text).toContain('Forecourt is running at http://127.0.0.1:8080/');
    expect(text).toContain('also at http://10.1.2.3:8080/');
    expect(text).toContain('development outbox');
    expect(bannerText({ ...facts, smsGateway: true })).not.toContain('outbox');
  });

  it('points to initial-passwords.txt only while it still holds a password', () => {
    expect(bannerText(facts)).not.toContain('initial-passwords.txt');
    expect(bannerText({ ...facts, initialPasswordsKept: true })).toContain('initial-passwords.txt');
  });
});
