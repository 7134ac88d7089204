import 'server-only';
// The Node build, named outright: the package's root export has no condition TypeScript's bundler resolution picks.
import bwipjs from 'bwip-js/node';

/**
 * The store counter's scanner reads Code 128 (the barcode convenience stores print on payment
 * slips); drawn as SVG on the server so no barcode code ships to the page. The number is shown
 * beside the image as text, so it is left out of the image.
 */
export function barcodeSvg(number: string): string {
  return bwipjs.toSVG({
    bcid: 'code128',
    text: number,
    scale: 2,
    height: 14,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
}
