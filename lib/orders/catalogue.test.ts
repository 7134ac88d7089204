import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productImagePath } from '@/components/products/product-image';
import { listProducts } from './catalogue';

// Issue 32: a shop with no product pictures. Every product the catalogue sells has its picture in public/.
describe('the catalogue', () => {
  it.each(listProducts().map((product) => [product.id]))('%s has its picture', (id) => {
    const file = path.join(import.meta.dirname, '..', '..', 'public', productImagePath(id));
    expect(existsSync(file), file).toBe(true);
  });
});
