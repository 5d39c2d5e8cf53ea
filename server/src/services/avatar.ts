import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { fail } from '../http/errors';

/** Largest avatar accepted (USER-2 avatar upload). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Image kinds accepted, recognised by their first bytes (the declared type is not trusted). */
const SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 },
  { ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => b.length > 6 && b.toString('ascii', 0, 4) === 'GIF8' },
  { ext: 'webp', test: (b) => b.length > 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP' },
];

/** The image kind of a file's bytes, or null when it is not an accepted image. */
export function imageKind(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.ext ?? null;
}

/**
 * Stores an uploaded avatar under DATA_DIR/uploads/avatars and makes it the user's avatar.
 * Too large, empty or not an image → avatarUploadFailed, and nothing is stored.
 */
export async function saveAvatar(ctx: ServerContext, userId: number, bytes: Buffer, truncated: boolean): Promise<string> {
  if (truncated || bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) throw fail('avatarUploadFailed');
  const ext = imageKind(bytes);
  if (!ext) throw fail('avatarUploadFailed');
  const dir = path.join(ctx.config.uploadsDir, 'avatars');
  await fs.mkdir(dir, { recursive: true });
  const file = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, file), bytes);
  const url = `/uploads/avatars/${file}`;
  await ctx.db.update(users).set({ avatarUrl: url, authorised: true }).where(eq(users.id, userId));
  return url;
}

const AVATAR_COLOURS = ['#e0724f', '#d9a441', '#7fa65a', '#4f9d8f', '#4f86c6', '#8a6fc0', '#c2618f', '#b5774b'];

/** The generated visitor avatar n (1…8): a coloured circle with a head and shoulders. */
export function visitorAvatarSvg(n: number): string {
  const colour = AVATAR_COLOURS[(n - 1) % AVATAR_COLOURS.length];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    '<circle cx="48" cy="38" r="16" fill="#fff" fill-opacity="0.9"/>' +
    '<path d="M18 84c4-18 16-26 30-26s26 8 30 26z" fill="#fff" fill-opacity="0.9"/></svg>'
  );
}
