import type { IMAGE_TYPES } from '@fuliaotong/contracts';

export type ImageType = (typeof IMAGE_TYPES)[number];

const extensions: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The image type by the file's first bytes (never by its name or the type the client claims). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function extensionOf(type: ImageType): string {
  return extensions[type];
}
