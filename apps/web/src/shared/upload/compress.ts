import Compressor from 'compressorjs';
import { IMAGE_QUALITY } from './rules';

/**
 * Re-encodes an image at quality 0.8 (spec §9). `strict` keeps the original when re-encoding would not
 * make it smaller (small PNGs), and a browser that cannot decode the file falls back to the original:
 * compression saves bandwidth, it never decides whether an upload may happen.
 */
export function compressImage(file: File): Promise<Blob> {
  return new Promise((resolve) => {
    try {
      new Compressor(file, {
        quality: IMAGE_QUALITY,
        strict: true,
        checkOrientation: true,
        success: resolve,
        error: () => resolve(file),
      });
    } catch {
      resolve(file);
    }
  });
}
