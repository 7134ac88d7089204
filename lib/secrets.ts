import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';

const cache = new Map<string, string>();

/**
 * A server secret: the configured value, or (embedded setup) one generated once into the data
 * directory so sessions and identity hashes survive restarts. lib/env refuses the generated form
 * in production against the real service.
 */
export function serverSecret(name: 'session' | 'identity', configured: string | undefined): string {
  if (configured) return configured;
  const cached = cache.get(name);
  if (cached) return cached;
  const file = path.resolve(env.APP_DATA_DIR, 'secrets', name);
  let value: string;
  try {
    value = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    value = randomBytes(48).toString('base64url');
    // 'wx' fails if another process won the race; then read what it wrote.
    try {
      writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    } catch {
      value = readFileSync(file, 'utf8').trim();
    }
  }
  cache.set(name, value);
  return value;
}
