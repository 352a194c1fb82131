import { UAParser } from 'ua-parser-js';

/** What the login-activity list says of a session's device, read from its user agent. */
export function describeDevice(userAgent: string): { device: string; browser: string; os: string } {
  const r = new UAParser(userAgent).getResult();
  const os = [r.os.name, r.os.version].filter(Boolean).join(' ') || 'Unknown OS';
  const browser = r.browser.name ?? 'Unknown browser';
  const model = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  const device = model || (r.device.type === 'mobile' ? 'Phone' : r.device.type === 'tablet' ? 'Tablet' : 'Computer');
  return { device, browser, os };
}
