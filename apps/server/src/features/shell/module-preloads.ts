import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The `<link>`s that fetch a screen's code-split chunks (and their stylesheets) with the HTML,
 * instead of one round trip after another as each chunk finds the next. `modules` are source
 * paths relative to apps/web (the manifest's keys), e.g. `src/features/feed/home-page.tsx`.
 */
export function createModulePreloads(webDist: string) {
  let manifest: Manifest | null = null;
  const load = (): Manifest | null => {
    if (manifest) return manifest;
    const file = path.join(webDist, '.vite', 'manifest.json');
    // Like the HTML template: read once when built, looked for again while missing.
    if (fs.existsSync(file)) manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    return manifest;
  };

  return (modules: string[], { blockingStyles = false } = {}): string[] => {
    const chunks = load();
    if (!chunks || modules.length === 0) return [];
    const scripts = new Set<string>();
    const styles = new Set<string>();
    // The entry and what it imports statically are in index.html already.
    const seen = new Set<string>();
    const walkEntry = (key: string) => {
      if (seen.has(key) || !chunks[key]) return;
      seen.add(key);
      chunks[key].imports?.forEach(walkEntry);
    };
    Object.keys(chunks).filter((key) => chunks[key]!.isEntry).forEach(walkEntry);
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      scripts.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
      // A chunk's stylesheets after those of what it imports: the order the client adds them in.
      for (const css of chunk.css ?? []) styles.add(css);
    };
    modules.forEach(visit);
    return [
      ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...styles].map((file) => (blockingStyles ? `<link rel="stylesheet" href="/${file}">` : `<link rel="preload" as="style" href="/${file}">`)),
    ];
  };
}
