/** How places are named in paths and in the languages the product speaks. */

/** The path segment of a name: ASCII letters and digits joined by dashes (`São Paulo` -> `sao-paulo`). */
export function slugOf(name: string, fallback = 'place'): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || fallback;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166-1 alpha-2 country code (the code itself when unknown). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Directory ids as they appear in paths: a country by its code (`US`), a city by `c` and its id
 * (`c5128581`), a place by its id. A city is also a place people post at, under its plain id.
 */
export type DirectoryKey = { kind: 'country'; code: string } | { kind: 'city'; id: string } | { kind: 'place'; id: string };

export function parseDirectoryKey(raw: string): DirectoryKey | null {
  if (/^[A-Z]{2}$/.test(raw)) return { kind: 'country', code: raw };
  if (/^c\d{1,18}$/.test(raw)) return { kind: 'city', id: raw.slice(1) };
  if (/^\d{1,18}$/.test(raw)) return { kind: 'place', id: raw };
  return null;
}

export const cityKey = (id: string) => `c${id}`;
