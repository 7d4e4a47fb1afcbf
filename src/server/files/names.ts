/** Longest stored name (`stored_files.name`), in characters. */
export const MAX_NAME_LENGTH = 255;

// C0 and C1 controls, DEL, and the bidirectional overrides that make `exe.pdf` display as `fdp.exe`.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * The name to store for a file name a client declared, or null when it must be refused: anything that could name
 * another folder (separators, `..`) or hide its real text (control characters). The name is only ever shown and
 * sent back in Content-Disposition; the file on disk has a generated name.
 */
export function safeFileName(declared: string): string | null {
  const name = declared.normalize('NFC').trim();
  if (!name || /[/\\]/.test(name) || name.includes('..') || FORBIDDEN.test(name) || /^\.+$/.test(name)) return null;
  const chars = [...name];
  if (chars.length <= MAX_NAME_LENGTH) return name;
  // Too long: shorten the stem and keep the extension, which tells people what the file is.
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return [...chars.slice(0, MAX_NAME_LENGTH - extension.length), ...extension].join('');
}
