// A form submitted before React hydrates is sent by the browser itself: without method="post" it goes
// as GET, putting a password, a card number or an address into the URL (and the access log). Every
// form says how it is sent; only search filters are GET.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SEARCH_FORMS = ['components/ops/filter-form.tsx', 'components/ops/order-queue.tsx'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

const forms = ['components', 'app']
  .flatMap(sources)
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<form\b[^>]*/g)].map(([tag]) => ({ file, tag })));

describe('forms sent before hydration', () => {
  it('there are forms to check', () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  it.each(forms)('$file posts (or is a search)', ({ file, tag }) => {
    const method = /method="(get|post)"/.exec(tag)?.[1];
    expect(method, `${file}: ${tag}`).toBe(SEARCH_FORMS.includes(file) ? 'get' : 'post');
  });
});
