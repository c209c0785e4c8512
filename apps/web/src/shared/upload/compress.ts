import { IMAGE_QUALITY } from './rules';

/**
 * Re-encodes an image at quality 0.8 (spec §9). `strict` keeps the original when re-encoding would not
 * make it smaller (small PNGs), and a browser that cannot decode the file falls back to the original:
 * compression saves bandwidth, it never decides whether an upload may happen. The compressor (~5 KB)
 * loads with the first image chosen, not with every page that shows an uploader; if it cannot load, the
 * original goes up.
 */
export async function compressImage(file: File): Promise<Blob> {
  let Compressor: typeof import('compressorjs').default;
  try {
    Compressor = (await import('compressorjs')).default;
  } catch {
    return file;
  }
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
