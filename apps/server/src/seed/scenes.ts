import { createHash } from 'node:crypto';

/** Deterministic little pictures for the demo world: skies, hills, water, a sun or a moon. */
const SKIES = [
  ['#ff9a8b', '#ff6a88', '#ff99ac'], ['#a1c4fd', '#c2e9fb', '#e0f7ff'], ['#fbc2eb', '#a6c1ee', '#e2d1f9'], ['#f6d365', '#fda085', '#ffe29f'],
  ['#0f2027', '#203a43', '#2c5364'], ['#89f7fe', '#66a6ff', '#c7ecff'], ['#fddb92', '#d1fdff', '#b6fbff'], ['#30cfd0', '#330867', '#5b247a'],
];
const LANDS = ['#2d6a4f', '#40916c', '#1b4332', '#6d597a', '#355070', '#b56576', '#264653', '#e76f51'];

export function sceneSvg(seed: string, width = 1080, height = 1080): string {
  const h = createHash('sha256').update(seed).digest();
  const [top, mid, bottom] = SKIES[h[0]! % SKIES.length]!;
  const night = top === '#0f2027' || top === '#30cfd0';
  const land = LANDS[h[1]! % LANDS.length]!;
  const land2 = LANDS[(h[1]! + 3) % LANDS.length]!;
  const sunX = 150 + (h[2]! / 255) * (width - 300);
  const sunY = height * (0.2 + (h[3]! / 255) * 0.25);
  const ridge = (offset: number, amp: number, k: number) => {
    const pts: string[] = [`M0 ${height}`];
    for (let x = 0; x <= width; x += width / 12) {
      const y = height * offset + Math.sin((x / width) * Math.PI * (2 + (h[k]! % 3)) + h[k + 1]!) * amp + ((h[(k + (x | 0)) % 32]! / 255) - 0.5) * amp * 0.6;
      pts.push(`L${x.toFixed(0)} ${y.toFixed(0)}`);
    }
    pts.push(`L${width} ${height}Z`);
    return pts.join(' ');
  };
  const water = h[4]! % 3 === 0;
  const stars = night ? Array.from({ length: 40 }, (_, i) => `<circle cx="${(h[i % 32]! * 37 + i * 97) % width}" cy="${(h[(i + 7) % 32]! * 13 + i * 41) % (height * 0.5)}" r="${1 + (i % 3)}" fill="#fff" opacity=".8"/>`).join('') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".6" stop-color="${mid}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>${stars}
<circle cx="${sunX}" cy="${sunY}" r="${height * 0.16}" fill="url(#g)"/><circle cx="${sunX}" cy="${sunY}" r="${height * 0.07}" fill="${night ? '#f4f1de' : '#fff3b0'}"/>
<path d="${ridge(0.62, height * 0.06, 5)}" fill="${land2}" opacity=".75"/>
<path d="${ridge(0.72, height * 0.05, 9)}" fill="${land}"/>
${water ? `<rect y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${mid}" opacity=".55"/>` : ''}
</svg>`;
}
