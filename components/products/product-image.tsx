/** Each product's picture: `public/products/<id>.svg` (lib/orders/catalogue.test.ts checks every product has one). */
export const productImagePath = (productId: string) => `/products/${productId}.svg`;

/** A product's picture at its natural 4:3, as wide as its box; `alt` empty where the product's name is beside it. */
export function ProductImage({ productId, alt, className }: { productId: string; alt: string; className?: string }) {
  return (
    // biome-ignore lint/performance/noImgElement: a small SVG from public/, nothing for next/image to optimise
    <img
      src={productImagePath(productId)}
      alt={alt}
      width={480}
      height={360}
      className={`product-image${className ? ` ${className}` : ''}`}
    />
  );
}
