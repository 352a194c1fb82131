import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('object storage settings', () => {
  it('are off without S3_ENDPOINT and S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('turn on with both, with defaults for the rest', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'us-east-1', forcePathStyle: true,
      accessKeyId: undefined, secretAccessKey: undefined, publicUrl: undefined,
    });
    expect(loadConfig({
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'shutter-media', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false',
      S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_PUBLIC_URL: 'https://cdn.example.com/media',
    }).s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'shutter-media', region: 'eu-west-1', forcePathStyle: false,
      accessKeyId: 'AKIA', secretAccessKey: 'secret', publicUrl: 'https://cdn.example.com/media',
    });
  });

  it('refuse to start half set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT: is required when S3_BUCKET is set/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: has no effect without S3_ENDPOINT and S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url', S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('emailed links', () => {
  it('use PUBLIC_URL, or this machine in development', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shutter.example/' }).publicUrl).toBe('https://shutter.example');
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('need PUBLIC_URL in production, so that no request header can choose them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shutter.example' }).publicUrl).toBe('https://shutter.example');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no one unless told, a hop count, or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy)
      .toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses `true`, which would let any client choose its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any client's X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: 10.0.0.0\/33 is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY: a hop count/);
  });

  it('refuses ranges that cover every public address, which trust everyone as `true` does', () => {
    for (const everyone of [
      '0.0.0.0/0', '::/0', '0.0.0.0/0,::/0', '::ffff:0:0/96', '::ffff:0.0.0.0/96', '::/80', '0.0.0.0/1, 128.0.0.0/1',
      '1.0.0.0/8,2.0.0.0/7,4.0.0.0/6,8.0.0.0/5,16.0.0.0/4,32.0.0.0/3,64.0.0.0/2,128.0.0.0/2,192.0.0.0/3', '2000::/3', '::/1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY: .* every public IPv[46] address: like true, it would trust any client's X-Forwarded-For/);
    }
    // Large private ranges, or part of the internet, still leave the clients out.
    for (const some of ['10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7', '0.0.0.0/1', '::ffff:10.0.0.0/104', '2001:db8::/32', '::1', '127.0.0.1']) {
      expect(loadConfig({ TRUST_PROXY: some }).trustProxy, some).toEqual(some.split(',').map((x) => x.trim()));
    }
  });
});

describe('logs', () => {
  it('are readable lines by default, JSON in production or with LOG_FORMAT=json', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shutter.example' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shutter.example', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'text' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: ' JSON ' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBe('pretty');
  });

  it('log at info unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  });

  it('refuse to start with a format or a level they do not know, saying which are known', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT: must be json, or pretty \(also spelled text\)/);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose', LOG_FORMAT: 'xml' })).toThrow(/Invalid environment:\n {2}LOG_LEVEL: .*\n {2}LOG_FORMAT: /);
  });
});

describe('OpenID Connect settings', () => {
  const trio = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'shutter', OIDC_CLIENT_SECRET: 's3cret' };

  it('are off without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, on with the three', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig({ OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' }).oidc).toBeUndefined();
    expect(loadConfig(trio).oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'shutter', clientSecret: 's3cret', name: undefined });
    expect(loadConfig({ ...trio, OIDC_NAME: ' Example ID ' }).oidc?.name).toBe('Example ID');
  });

  it('refuse part of the three, a name without them, an http issuer off this machine and a name too long for the button', () => {
    expect(() => loadConfig({ OIDC_ISSUER: trio.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID: is required when OIDC_ISSUER is set[\s\S]*OIDC_CLIENT_SECRET: is required/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(/OIDC_ISSUER: is required when OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set/);
    expect(() => loadConfig({ OIDC_NAME: 'Example ID' })).toThrow(/OIDC_NAME: has no effect without OIDC_ISSUER/);
    expect(() => loadConfig({ ...trio, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER: must be https \(plain http only for a provider on localhost\)/);
    expect(() => loadConfig({ ...trio, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER: must be the provider's issuer URL/);
    expect(() => loadConfig({ ...trio, OIDC_NAME: 'x'.repeat(41) })).toThrow(/OIDC_NAME: must be at most 40 characters/);
    expect(loadConfig({ ...trio, OIDC_ISSUER: 'http://localhost:9000' }).oidc?.issuer).toBe('http://localhost:9000');
    expect(loadConfig({ ...trio, OIDC_ISSUER: 'http://127.0.0.1:9000/realms/x' }).oidc?.issuer).toBe('http://127.0.0.1:9000/realms/x');
  });
});

describe('mail through SMTP', () => {
  it('is off without SMTP_URL; with it, the sender defaults to no-reply at the public host', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587', PUBLIC_URL: 'https://shutter.example' }).smtp)
      .toEqual({ url: 'smtp://user:pass@mail.example:587', from: 'Shutter <no-reply@shutter.example>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example', MAIL_FROM: 'Photos <hello@example.org>' }).smtp?.from).toBe('Photos <hello@example.org>');
  });

  it('refuses another scheme, and a sender without a server', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Photos <hello@example.org>' })).toThrow(/MAIL_FROM: has no effect without SMTP_URL/);
  });
});

describe('terms settings', () => {
  it('default to the first recorded terms version, with no consent asked', () => {
    expect(loadConfig({})).toMatchObject({ tosVersion: '2026-11', gdprRequired: false });
    expect(loadConfig({ TOS_VERSION: ' 2027-01 ', GDPR_REQUIRED: 'true' })).toMatchObject({ tosVersion: '2027-01', gdprRequired: true });
  });

  it('refuse a version that is no short name', () => {
    expect(() => loadConfig({ TOS_VERSION: 'new terms!' })).toThrow(/TOS_VERSION: must be a short version name/);
    expect(() => loadConfig({ TOS_VERSION: 'x'.repeat(33) })).toThrow(/TOS_VERSION/);
    expect(() => loadConfig({ GDPR_REQUIRED: 'yes' })).toThrow(/GDPR_REQUIRED/);
  });
});
