import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  /** The chunk's name: a module's file name, without its extension, when the chunk is that module's. */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The links a screen needs: preloads for the head, and stylesheets when it paints from the HTML. */
export interface ScreenLinks {
  preloads: string[];
  stylesheets: string[];
}

const NONE: ScreenLinks = { preloads: [], stylesheets: [] };

/**
 * The `<link>`s that fetch a screen's code-split chunks (and their stylesheets) with the HTML,
 * instead of one round trip after another as each chunk finds the next. `modules` are source
 * paths relative to apps/web (the manifest's keys), e.g. `src/features/feed/home-page.tsx`.
 * A build's answers never change, so each set of modules is worked out once.
 */
export function createModulePreloads(webDist: string) {
  let manifest: { chunks: Manifest; inIndexHtml: Set<string> } | null = null;
  const answers = new Map<string, ScreenLinks>();
  const load = () => {
    if (manifest) return manifest;
    const file = path.join(webDist, '.vite', 'manifest.json');
    // Like the HTML template: read once when built, looked for again while missing.
    if (!fs.existsSync(file)) return null;
    const chunks = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    // The app's entry and what it imports statically are in index.html already.
    const inIndexHtml = staticImportsOf(chunks, INDEX_HTML);
    manifest = { chunks, inIndexHtml };
    return manifest;
  };

  const linksFor = (chunks: Manifest, inIndexHtml: Set<string>, modules: string[], blockingStyles: boolean): ScreenLinks => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set(inIndexHtml);
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      scripts.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
      // A chunk's stylesheets after those of what it imports: the order the client adds them in.
      for (const css of chunk.css ?? []) styles.add(css);
    };
    modules.forEach((module) => visit(chunks[module] ? module : sharedChunkOf(chunks, module) ?? module));
    const modulePreloads = [...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    // crossorigin as the client's loader then asks for each file (Vite adds `crossorigin` to the
    // stylesheets of a chunk it loads): a preload of another credentials mode would go unused, and
    // the file be fetched twice.
    if (blockingStyles) return { preloads: modulePreloads, stylesheets: [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`) };
    return { preloads: [...modulePreloads, ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`)], stylesheets: [] };
  };

  /**
   * An entry of the build other than the app's (a manifest key such as `src/landing-boot.ts`): its
   * script, whose imports the browser finds when it loads, or null when the build has none by that key.
   */
  const entry = (key: string): EntryScript | null => {
    const chunk = load()?.chunks[key];
    return chunk?.isEntry ? { file: chunk.file } : null;
  };

  const links = (modules: string[], { blockingStyles = false } = {}): ScreenLinks => {
    const built = load();
    if (!built || modules.length === 0) return NONE;
    const key = `${blockingStyles ? 'b' : 'p'}:${modules.join(',')}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = linksFor(built.chunks, built.inIndexHtml, modules, blockingStyles);
      answers.set(key, answer);
    }
    return answer;
  };
  return Object.assign(links, { entry });
}

/** The manifest's key of the app's entry, index.html. */
const INDEX_HTML = 'index.html';

export interface EntryScript {
  file: string;
}

/** The chunk at `key` and every chunk it imports statically, transitively. */
function staticImportsOf(chunks: Manifest, key: string): Set<string> {
  const found = new Set<string>();
  const walk = (next: string) => {
    if (found.has(next) || !chunks[next]) return;
    found.add(next);
    chunks[next].imports?.forEach(walk);
  };
  walk(key);
  return found;
}

/**
 * A screen's module that another chunk imports statically as well (the landing page imports the
 * signup card from the auth pages) becomes a shared chunk, keyed `_{name}-{hash}.js` in the
 * manifest instead of by its source path: found by its name when exactly one chunk has it.
 */
function sharedChunkOf(chunks: Manifest, module: string): string | undefined {
  const name = path.basename(module).replace(/\.[^.]+$/, '');
  const named = Object.keys(chunks).filter((key) => key.startsWith('_') && chunks[key]!.name === name && chunks[key]!.file.endsWith('.js'));
  return named.length === 1 ? named[0] : undefined;
}
