import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors.js';
import { normalizeEmail, normalizePhone, parseContactsFile } from './parse.js';

describe('reading address book files', () => {
  it('normalizes emails and numbers as accounts store them', () => {
    expect(normalizeEmail(' Ann@Example.ORG ')).toBe('ann@example.org');
    expect(normalizeEmail('mailto:b@x.io')).toBe('b@x.io');
    expect(normalizeEmail('not an email')).toBeNull();
    expect(normalizePhone('tel:+44-20-7946-0000')).toBe('+442079460000');
    expect(normalizePhone('0044 (20) 7946 0000')).toBe('+442079460000');
    expect(normalizePhone('555 1234')).toBeNull();
  });

  it('reads names from FN, else N; keeps each point once; splits Outlook\'s ":::" cells', () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nEMAIL:j@x.io\r\nitem1.EMAIL:J@X.io\r\nEND:VCARD\r\n';
    expect(parseContactsFile(Buffer.from(card)).contacts).toEqual([{ name: 'Jane Doe', emails: ['j@x.io'], phones: [] }]);
    const csv = 'First Name,Last Name,Mobile Phone,Home Phone\nAl,B,+1 202 555 0100 ::: +1 202 555 0101,\n';
    expect(parseContactsFile(Buffer.from(csv)).contacts).toEqual([{ name: 'Al B', emails: [], phones: ['+12025550100', '+12025550101'] }]);
  });

  it('any bytes either parse or fail as a client error, never anything else', () => {
    fc.assert(fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)), fc.string({ maxLength: 400 }).map((s) => Buffer.from(`BEGIN:VCARD\n${s}`)), fc.string({ maxLength: 400 }).map((s) => Buffer.from(`Email,Phone\n${s}`))), (bytes) => {
      try {
        parseContactsFile(bytes);
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).statusCode).toBeLessThan(500);
      }
    }), { numRuns: 300 });
  });
});
