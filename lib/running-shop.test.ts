import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runningShopFile, withRunningShop } from './running-shop';

// A command in another terminal finds what `npm run dev` started through the file its runner writes
// (scripts/run-all.mjs), as it finds the database through the database server's file.
function shopDirectory(pid: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'running-shop-'));
  const variables = {
    IMP_API_URL: 'http://127.0.0.1:4450',
    NEXT_PUBLIC_IMP_SCRIPT_URL: 'http://127.0.0.1:4450/v1/iamport.js',
    SMTP_URL: 'smtp://127.0.0.1:1445',
    APP_URL: 'http://localhost:3450',
  };
  writeFileSync(runningShopFile(dir), JSON.stringify({ pid, variables }));
  return dir;
}

describe('withRunningShop', () => {
  it("fills the running shop's URLs into a shell that sets none", () => {
    const dir = shopDirectory(process.pid);
    expect(withRunningShop({ APP_DATA_DIR: dir })).toMatchObject({
      IMP_API_URL: 'http://127.0.0.1:4450',
      SMTP_URL: 'smtp://127.0.0.1:1445',
      APP_URL: 'http://localhost:3450',
    });
  });

  it('leaves what the shell sets, a URL or its port, to the shell', () => {
    const dir = shopDirectory(process.pid);
    const env = withRunningShop({
      APP_DATA_DIR: dir,
      IMP_API_URL: 'http://127.0.0.1:4999',
      MAIL_CATCHER_SMTP_PORT: '1999',
    });
    expect(env.IMP_API_URL).toBe('http://127.0.0.1:4999');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBe('http://localhost:3450');
  });

  it('ignores a file its runner left behind (killed), and never steers the tests', () => {
    const gone = shopDirectory(2 ** 22 + 12_345);
    expect(withRunningShop({ APP_DATA_DIR: gone }).IMP_API_URL).toBeUndefined();
    const dir = shopDirectory(process.pid);
    expect(withRunningShop({ APP_DATA_DIR: dir, NODE_ENV: 'test' }).IMP_API_URL).toBeUndefined();
  });
});
