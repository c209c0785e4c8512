/** Spec §2: the hidden pickers take images (jpg, jpeg, png, gif, bmp), any file, and mp4 video. */
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'] as const;
export const IMAGE_ACCEPT = IMAGE_EXTS.map((e) => `.${e}`).join(',');
export const VIDEO_ACCEPT = '.mp4,video/mp4';

export type FileKind = 'image' | 'video' | 'file';

const ext = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** How a dropped or pasted file is sent: as an image, a video, or a plain file. */
export function classifyFile(f: { name: string; type: string }): FileKind {
  const e = f.name.includes('.') ? ext(f.name) : '';
  if ((IMAGE_EXTS as readonly string[]).includes(e) || /^image\/(jpeg|png|gif|bmp)$/.test(f.type))
    return 'image';
  if (e === 'mp4' || f.type === 'video/mp4') return 'video';
  return 'file';
}

/** Pasted images often come without a name ("image.png" at best); give them one the receiver can save. */
export function namedFile(f: File, now = Date.now()): File {
  if (f.name && f.name !== 'image.png') return f;
  const e = f.type.split('/')[1] ?? 'png';
  return new File([f], `paste-${now}.${e}`, { type: f.type });
}
