import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// npm 11 runs no dependency's install script unless package.json's `allowScripts` says so, and ends
// every `npm ci` with a warning for each one it has no word on. A newcomer's first command should be
// clean: every package in the lock file with an install script is decided, by name or name@version.
// (esbuild is denied: its postinstall only swaps its JavaScript shim for the binary that npm has
// already installed as @esbuild/<platform>; without it esbuild works the same.)

const root = path.resolve(import.meta.dirname, '..');
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

describe('install scripts', () => {
  it('are each allowed or denied in package.json', () => {
    const lock = read<{ packages: Record<string, { version?: string; hasInstallScript?: boolean }> }>(
      'package-lock.json',
    );
    const { allowScripts = {} } = read<{ allowScripts?: Record<string, boolean> }>('package.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where, entry]) => ({
        name: where.slice(where.lastIndexOf('node_modules/') + 13),
        version: entry.version,
      }));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = withScripts.filter(
      ({ name, version }) => !(name in allowScripts) && !(`${name}@${version}` in allowScripts),
    );
    expect(undecided).toEqual([]);
  });
});
