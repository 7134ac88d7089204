// Playwright cannot download its own browser on these machines: use Debian's Chromium, installing
// it with apt when it is missing and we are root. Prints the executable path on success.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const defaultChromium = '/usr/bin/chromium';

function usable(path) {
  try {
    accessSync(path, constants.X_OK);
    return spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
  } catch {
    return false;
  }
}

const hasKoreanFont = () => (spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).stdout ?? '').trim() !== '';

function aptInstall(packages) {
  console.log(`Installing ${packages.join(', ')} with apt-get …`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Without a Korean font the UI still works, but screenshots show boxes: install one if we may. */
function ensureKoreanFont() {
  if (hasKoreanFont()) return;
  if (process.getuid?.() === 0) {
    try {
      aptInstall(['fonts-nanum']);
      return;
    } catch {}
  }
  console.log('No Korean font found (e.g. apt-get install fonts-nanum): screenshots will show boxes for Korean text.');
}

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || defaultChromium;
  if (usable(path)) {
    ensureKoreanFont();
    return path;
  }
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${path} is not a runnable browser.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No Chromium at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
  console.log("Chromium not found: installing Debian's chromium package with apt-get …");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!usable(path)) throw new Error(`apt-get installed chromium, but ${path} still does not run.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
