/**
 * Intl formatters, made once per language and options: making one costs far more than using it,
 * and a feed formats a count, a date and a time for every post of every render (the server's too).
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  once(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  once(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (locale: string) => once(`r ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
