// The two-instance test (test/processes/two-instances.process.test.ts) runs the shop behind
// Debian's nginx: it is installed with apt when missing and we are root (as scripts/ensure-chromium.mjs
// does for Chromium); otherwise the error says what to install. Prints the executable path on success.
import { execFileSync, spawnSync } from 'node:child_process';

export const defaultNginx = '/usr/sbin/nginx';

const usable = (path) => {
  try {
    return spawnSync(path, ['-v'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
  } catch {
    return false;
  }
};

export function ensureNginx() {
  const path = process.env.NGINX_PATH || defaultNginx;
  if (usable(path)) return path;
  if (process.env.NGINX_PATH) throw new Error(`NGINX_PATH=${path} is not a runnable nginx.`);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No nginx at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y nginx) or set NGINX_PATH to an nginx binary.`,
    );
  }
  console.log(`No nginx at ${path}. Installing nginx with apt-get …`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!usable(path)) throw new Error(`apt-get installed nginx, but ${path} still does not run.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureNginx());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
