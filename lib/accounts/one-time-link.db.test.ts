// The one-time link under both flows' rules: a token works once, before it expires, and only the
// token mailed works; the table keeps its hash, never the token.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailChanges, passwordResets } from '@/lib/db/schema';
import { setupTestDatabase } from '@/test/db';
import { createTestUser } from '@/test/factories';
import { claimLink, issueLink, voidOpenLinks } from './one-time-link';

const database = setupTestDatabase();
const db = () => database.current().db;
const HOUR = 3_600_000;

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
const resetLink = async (userId: string, validMs = HOUR) => {
  const issued = await issueLink(db(), passwordResets, { userId }, { page: '/reset-password', validMs });
  return { ...issued, token: tokenOf(issued.url) };
};

describe('one-time link', () => {
  it('mails a 32-byte token on the page it names and stores only its hash, with the expiry', async () => {
    const user = await createTestUser();
    const before = Date.now();
    const { row, url, token, expiresAt } = await resetLink(user.id, 30 * 60_000);
    expect(url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(row).toMatchObject({ userId: user.id, usedAt: null, expiresAt });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expiresAt.getTime() - before).toBeLessThan(31 * 60_000);
  });

  it('is claimed once: the second claim of the same token is refused', async () => {
    const user = await createTestUser();
    const { row, token } = await resetLink(user.id);
    const first = await claimLink(db(), passwordResets, token);
    expect(first).toMatchObject({ id: row.id, userId: user.id, usedAt: expect.any(Date) });
    expect(await claimLink(db(), passwordResets, token)).toBeUndefined();
  });

  it('of two claims at once, exactly one gets the link', async () => {
    const user = await createTestUser();
    const { token } = await resetLink(user.id);
    const claims = await Promise.all([0, 1, 2].map(() => claimLink(db(), passwordResets, token)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const user = await createTestUser();
    const { row, token } = await resetLink(user.id);
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, row.id));
    expect(await claimLink(db(), passwordResets, token)).toBeUndefined();
  });

  it('refuses a wrong token, and a token of the other kind of link', async () => {
    const user = await createTestUser();
    const { token } = await resetLink(user.id);
    const change = await issueLink(
      db(),
      emailChanges,
      { userId: user.id, newEmail: 'next@example.com' },
      { page: '/email-change', validMs: HOUR },
    );
    expect(await claimLink(db(), passwordResets, 'A'.repeat(43))).toBeUndefined();
    expect(await claimLink(db(), passwordResets, tokenOf(change.url))).toBeUndefined();
    expect(await claimLink(db(), emailChanges, token)).toBeUndefined();
    // Refusals claimed nothing: each link still works, with its own flow's row.
    expect(await claimLink(db(), emailChanges, tokenOf(change.url))).toMatchObject({ newEmail: 'next@example.com' });
    expect(await claimLink(db(), passwordResets, token)).toMatchObject({ userId: user.id });
  });

  it('voids only the open links of that user and that kind', async () => {
    const [user, other] = await Promise.all([createTestUser(), createTestUser()]);
    const [mine, theirs] = await Promise.all([resetLink(user.id), resetLink(other.id)]);
    const change = await issueLink(
      db(),
      emailChanges,
      { userId: user.id, newEmail: 'kept@example.com' },
      { page: '/email-change', validMs: HOUR },
    );
    await voidOpenLinks(db(), passwordResets, user.id);
    expect(await claimLink(db(), passwordResets, mine.token)).toBeUndefined();
    expect(await claimLink(db(), passwordResets, theirs.token)).toBeDefined();
    expect(await claimLink(db(), emailChanges, tokenOf(change.url))).toBeDefined();
  });
});
