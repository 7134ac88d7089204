// Playwright cannot download its own browser on these machines: use Debian's Chromium, installing
// it with apt when it is missing and we are root, together with a Korean font (without one the UI
// still works, but screenshots show boxes for Korean text). Prints the executable path on success.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

export const defaultChromium = '/usr/bin/chromium';
const KOREAN_FONT_PACKAGE = 'fonts-noto-cjk';
const KOREAN_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function usable(path) {
  try {
    accessSync(path, constants.X_OK);
    return spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
  } catch {
    return false;
  }
}

const isRoot = () => process.getuid?.() === 0;

function hasKoreanFont() {
  if (existsSync(KOREAN_FONT_FILE)) return true;
  const fonts = spawnSync('fc-list', [':lang=ko', 'family'], { encoding: 'utf8', timeout: 30_000 });
  return fonts.status === 0 && fonts.stdout.trim() !== '';
}

function aptInstall(packages) {
  console.log(`Installing ${packages.join(', ')} with apt-get …`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A missing font only costs readable screenshots, so it warns and never fails the run. */
function warnNoKoreanFont(reason) {
  console.warn(
    `${reason}: screenshots will show boxes for Korean text. Install a Korean font (Debian/Ubuntu: sudo apt-get install -y ${KOREAN_FONT_PACKAGE}).`,
  );
}

function ensureKoreanFont() {
  if (hasKoreanFont()) return;
  if (!isRoot()) return warnNoKoreanFont('No Korean font found');
  try {
    aptInstall([KOREAN_FONT_PACKAGE]);
  } catch (error) {
    return warnNoKoreanFont(`Could not install ${KOREAN_FONT_PACKAGE} (${error.message})`);
  }
  if (!hasKoreanFont()) warnNoKoreanFont(`${KOREAN_FONT_PACKAGE} is installed but no Korean font is found`);
}

/** Chromium, with the font in the same apt-get call; if that call fails, Chromium alone. */
function installChromium() {
  if (hasKoreanFont()) return aptInstall(['chromium']);
  try {
    aptInstall(['chromium', KOREAN_FONT_PACKAGE]);
  } catch (error) {
    warnNoKoreanFont(
      `Could not install chromium with ${KOREAN_FONT_PACKAGE} (${error.message}); trying chromium alone`,
    );
    return aptInstall(['chromium']);
  }
  if (!hasKoreanFont()) warnNoKoreanFont(`${KOREAN_FONT_PACKAGE} is installed but no Korean font is found`);
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
  if (!isRoot()) {
    throw new Error(
      `No Chromium at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium ${KOREAN_FONT_PACKAGE}) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
  console.log(`No Chromium at ${path}.`);
  installChromium();
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
