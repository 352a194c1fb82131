import { describe, expect, it } from 'vitest';
import { isChannelPath, originAllowed } from './upgrade.js';

const req = (origin: string | undefined, host = 'localhost:8080') => ({ headers: { origin, host } });

describe('channel upgrades', () => {
  it('are taken on exactly /mqtt', () => {
    expect(isChannelPath('/mqtt')).toBe(true);
    expect(isChannelPath('/mqtt?x=1')).toBe(true);
    for (const other of ['/mqtt/', '/mqttx', '/MQTT', '/', '/api/mqtt', undefined]) expect(isChannelPath(other)).toBe(false);
  });

  it('in production, only from pages of the public origin (or from no browser at all)', () => {
    const rule = { publicOrigin: 'https://shutter.example', strict: true };
    expect(originAllowed(req('https://shutter.example', 'shutter.example'), rule)).toBe(true);
    expect(originAllowed(req(undefined), rule)).toBe(true);
    for (const other of ['http://shutter.example', 'https://evil.example', 'https://shutter.example.evil.example', 'null']) {
      expect(originAllowed(req(other, 'shutter.example'), rule), other).toBe(false);
    }
  });

  it('otherwise also from a page of the host the request names, and of no other', () => {
    const rule = { publicOrigin: 'http://localhost:8080', strict: false };
    expect(originAllowed(req('http://localhost:8080'), rule)).toBe(true);
    expect(originAllowed(req('http://192.168.1.20:8080', '192.168.1.20:8080'), rule)).toBe(true);
    expect(originAllowed(req('http://192.168.1.20:9090', '192.168.1.20:8080'), rule)).toBe(false);
    expect(originAllowed(req('http://evil.example', '192.168.1.20:8080'), rule)).toBe(false);
    expect(originAllowed(req('null'), rule)).toBe(false);
  });
});
