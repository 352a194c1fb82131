import { type City, gazetteerCities } from './gazetteer.js';
import { fold } from '../../platform/fold.js';

/**
 * The region (state, province, first-level division) of a gazetteer city, so that places of one
 * name tell apart: "Paris, Texas, United States" beside "Paris, Kentucky, United States". The
 * gazetteer gives each city its GeoNames first-level division code only ("TX", "08", "ENG"); the
 * countries below have theirs named here (checked against each division's seat in the data).
 * Elsewhere the code is shown, and only where the country has another city of the same name.
 */
const REGION_NAMES: Record<string, Record<string, string>> = {
  US: {
    AK: 'Alaska', AL: 'Alabama', AR: 'Arkansas', AZ: 'Arizona', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DC: 'District of Columbia', DE: 'Delaware', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', IA: 'Iowa', ID: 'Idaho',
    IL: 'Illinois', IN: 'Indiana', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', MA: 'Massachusetts', MD: 'Maryland',
    ME: 'Maine', MI: 'Michigan', MN: 'Minnesota', MO: 'Missouri', MS: 'Mississippi', MT: 'Montana', NC: 'North Carolina',
    ND: 'North Dakota', NE: 'Nebraska', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NV: 'Nevada',
    NY: 'New York', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
    SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VA: 'Virginia', VT: 'Vermont',
    WA: 'Washington', WI: 'Wisconsin', WV: 'West Virginia', WY: 'Wyoming',
  },
  CA: {
    '01': 'Alberta', '02': 'British Columbia', '03': 'Manitoba', '04': 'New Brunswick', '05': 'Newfoundland and Labrador',
    '07': 'Nova Scotia', '08': 'Ontario', '09': 'Prince Edward Island', '10': 'Quebec', '11': 'Saskatchewan',
    '12': 'Yukon', '13': 'Northwest Territories', '14': 'Nunavut',
  },
  AU: {
    '01': 'Australian Capital Territory', '02': 'New South Wales', '03': 'Northern Territory', '04': 'Queensland',
    '05': 'South Australia', '06': 'Tasmania', '07': 'Victoria', '08': 'Western Australia',
  },
  GB: { ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' },
  DE: {
    '01': 'Baden-Württemberg', '02': 'Bavaria', '03': 'Bremen', '04': 'Hamburg', '05': 'Hesse', '06': 'Lower Saxony',
    '07': 'North Rhine-Westphalia', '08': 'Rhineland-Palatinate', '09': 'Saarland', '10': 'Schleswig-Holstein',
    '11': 'Brandenburg', '12': 'Mecklenburg-Vorpommern', '13': 'Saxony', '14': 'Saxony-Anhalt', '15': 'Thuringia', '16': 'Berlin',
  },
  FR: {
    '11': 'Île-de-France', '24': 'Centre-Val de Loire', '27': 'Bourgogne-Franche-Comté', '28': 'Normandy', '32': 'Hauts-de-France',
    '44': 'Grand Est', '52': 'Pays de la Loire', '53': 'Brittany', '75': 'Nouvelle-Aquitaine', '76': 'Occitanie',
    '84': 'Auvergne-Rhône-Alpes', '93': "Provence-Alpes-Côte d'Azur", '94': 'Corsica',
  },
  IT: {
    '01': 'Abruzzo', '02': 'Basilicata', '03': 'Calabria', '04': 'Campania', '05': 'Emilia-Romagna', '06': 'Friuli Venezia Giulia',
    '07': 'Lazio', '08': 'Liguria', '09': 'Lombardy', '10': 'Marche', '11': 'Molise', '12': 'Piedmont', '13': 'Apulia',
    '14': 'Sardinia', '15': 'Sicily', '16': 'Tuscany', '17': 'Trentino-Alto Adige', '18': 'Umbria', '19': 'Aosta Valley', '20': 'Veneto',
  },
  ES: {
    '07': 'Balearic Islands', '27': 'La Rioja', '29': 'Madrid', '31': 'Murcia', '32': 'Navarre', '34': 'Asturias', '39': 'Cantabria',
    '51': 'Andalusia', '52': 'Aragon', '53': 'Canary Islands', '54': 'Castilla-La Mancha', '55': 'Castile and León', '56': 'Catalonia',
    '57': 'Extremadura', '58': 'Galicia', '59': 'Basque Country', '60': 'Valencian Community', CE: 'Ceuta', ML: 'Melilla',
  },
  MX: {
    '01': 'Aguascalientes', '02': 'Baja California', '03': 'Baja California Sur', '04': 'Campeche', '05': 'Chiapas', '06': 'Chihuahua',
    '07': 'Coahuila', '08': 'Colima', '09': 'Mexico City', '10': 'Durango', '11': 'Guanajuato', '12': 'Guerrero', '13': 'Hidalgo',
    '14': 'Jalisco', '15': 'State of Mexico', '16': 'Michoacán', '17': 'Morelos', '18': 'Nayarit', '19': 'Nuevo León', '20': 'Oaxaca',
    '21': 'Puebla', '22': 'Querétaro', '23': 'Quintana Roo', '24': 'San Luis Potosí', '25': 'Sinaloa', '26': 'Sonora', '27': 'Tabasco',
    '28': 'Tamaulipas', '29': 'Tlaxcala', '30': 'Veracruz', '31': 'Yucatán', '32': 'Zacatecas',
  },
};

interface RegionIndex {
  /** GeoNames city id -> its division's code. */
  code: Map<number, string>;
  /** Country and folded name of the cities that share their name with another city of their country. */
  repeated: Set<string>;
}

const nameKey = (country: string, name: string) => `${country}:${fold(name)}`;

let index: RegionIndex | null = null;
/** Built on first use from the gazetteer package (read once; the service loads it at first start anyway). */
function regionIndex(): RegionIndex {
  if (index) return index;
  const code = new Map<number, string>();
  const seen = new Set<string>();
  const repeated = new Set<string>();
  // The package gives each city `adminCode`, the GeoNames code of its first-level division ("TX", "11"; may be empty).
  for (const c of gazetteerCities() as (City & { adminCode?: string })[]) {
    if (c.adminCode && c.adminCode !== '00') code.set(c.cityId, c.adminCode);
    const key = nameKey(c.country, c.name);
    if (seen.has(key)) repeated.add(key);
    else seen.add(key);
  }
  index = { code, repeated };
  return index;
}

/** The name of a division of a country, or null when it has none here. */
export function regionName(country: string, code: string): string | null {
  return REGION_NAMES[country]?.[code] ?? null;
}

/**
 * The region shown beside a gazetteer city (by its GeoNames id): its division's name where known,
 * else its code where the city's name is not enough within its country, else none.
 */
export function regionOf(cityId: string | null, name: string | null, country: string | null): string | null {
  if (!cityId || !country || !/^\d{1,12}$/.test(cityId)) return null;
  const { code, repeated } = regionIndex();
  const adminCode = code.get(Number(cityId));
  if (!adminCode) return null;
  const named = regionName(country, adminCode);
  if (named) return named;
  return name && repeated.has(nameKey(country, name)) ? adminCode : null;
}
