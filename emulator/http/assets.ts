// Files served from emulator/browser/: the client script (in two variants: today's v1, and the
// documented 1.1.8 that needs jQuery), the hosted pages' scripts and stylesheet, and jQuery for the
// playground's old-snippet mode.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Reply } from './reply';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=UTF-8',
  css: 'text/css; charset=UTF-8',
};

/** The files under emulator/browser/ that may be served, and jQuery. */
const FILES: Record<string, () => string> = {
  'iamport-payment.js': () => fileURLToPath(new URL('../browser/iamport-payment.js', import.meta.url)),
  'iamport.payment-1.1.8.js': () => fileURLToPath(new URL('../browser/iamport-payment.js', import.meta.url)),
  'portone-v2-sdk.js': () => fileURLToPath(new URL('../browser/portone-v2-sdk.js', import.meta.url)),
  'window.js': () => fileURLToPath(new URL('../browser/window.js', import.meta.url)),
  'dashboard.js': () => fileURLToPath(new URL('../browser/dashboard.js', import.meta.url)),
  'dashboard-sections.js': () => fileURLToPath(new URL('../browser/dashboard-sections.js', import.meta.url)),
  'playground.js': () => fileURLToPath(new URL('../browser/playground.js', import.meta.url)),
  'emulator.css': () => fileURLToPath(new URL('../browser/emulator.css', import.meta.url)),
  'jquery.js': () => createRequire(import.meta.url).resolve('jquery/dist/jquery.min.js'),
};

/** What a served name changes in its file: the 1.1.8 script refuses to work without jQuery. */
const VARIANTS: Record<string, (text: string) => string> = {
  'iamport.payment-1.1.8.js': (text) => text.replace('/*@needs-jquery*/ false', 'true'),
};

export class Assets {
  private readonly cache = new Map<string, Buffer>();

  /** The file as a reply, or null when it is not one of the served files. */
  get(name: string): Reply | null {
    // Own names only: a request for `__proto__` or `constructor` must not reach Object's.
    const locate = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!locate) return null;
    let text = this.cache.get(name);
    if (!text) {
      const variant = Object.hasOwn(VARIANTS, name) ? VARIANTS[name] : undefined;
      text = variant ? Buffer.from(variant(readFileSync(locate(), 'utf8'))) : readFileSync(locate());
      this.cache.set(name, text);
    }
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    return { status: 200, text, type, headers: { 'cache-control': 'no-cache' } };
  }
}
