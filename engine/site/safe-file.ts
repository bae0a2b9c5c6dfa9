/**
 * Reading a file of the sites folder without trusting what is there (docs/security.md, "Site
 * documents from git"): the folder follows a git remote, so a name may be a symlink (to
 * /dev/zero, to a file outside the folder), a FIFO or a device, or a file far larger than any
 * document. Such a file is refused with the reason, never opened through a link, waited on or
 * read without an end. Node only.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';

/** The largest file the sites folder may hold: a site document, template or catalogue (images have their own, smaller limit). */
export const MAX_SITE_FILE_BYTES = 5 * 1024 * 1024;

/** A file that is not a plain file of acceptable size. */
export class UnsafeFileError extends Error {}

export function tooLargeMessage(bytes: number, limit = MAX_SITE_FILE_BYTES): string {
  return `is ${bytes} bytes, over the limit of ${limit} bytes for a file of the sites folder`;
}

export const NOT_A_FILE_MESSAGE =
  'is not a plain file (a symbolic link, a folder or a special file), so it is not read';

/**
 * The file's text. O_NOFOLLOW refuses a symlink as the last part of the path; O_NONBLOCK keeps
 * opening a FIFO from waiting for a writer; the type and size are checked on the open file,
 * so nothing can be swapped in between the check and the read.
 */
export function readPlainFile(file: string, limit = MAX_SITE_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP')
      throw new UnsafeFileError(NOT_A_FILE_MESSAGE);
    throw err;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UnsafeFileError(NOT_A_FILE_MESSAGE);
    if (stat.size > limit) throw new UnsafeFileError(tooLargeMessage(stat.size, limit));
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString('utf8', 0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's text, undefined when there is none; a file that may not be read gives text that
 * no document has (a NUL), so it compares as changed without being opened.
 */
export function plainFileText(file: string): string | undefined {
  try {
    return readPlainFile(file);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : '\u0000not read';
  }
}

/** Whether the path is a plain file (not through a symlink) no larger than the limit: for files served as they are. */
export function isPlainFile(file: string, limit = MAX_SITE_FILE_BYTES): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && stat.size <= limit;
  } catch {
    return false;
  }
}
