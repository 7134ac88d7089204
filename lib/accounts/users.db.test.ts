import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/db';
import { createTestUser } from '@/test/factories';
import { EmailTakenError, findUserByEmail, isPersonRegistered, PersonAlreadyRegisteredError } from './users';

setupTestDatabase();

describe('users repository', () => {
  it('stores a user and finds it by email, case-insensitively', async () => {
    const created = await createTestUser({ email: ' Kim@Example.com ' });
    expect(created.email).toBe('kim@example.com');
    expect((await findUserByEmail('KIM@example.COM'))?.id).toBe(created.id);
  });

  it('refuses a second account for the same email and keeps the first', async () => {
    const first = await createTestUser({ email: 'lee@example.com' });
    await expect(createTestUser({ email: 'LEE@example.com' })).rejects.toBeInstanceOf(EmailTakenError);
    expect((await findUserByEmail('lee@example.com'))?.id).toBe(first.id);
  });

  it('refuses a second account for the same person (unique_key hash)', async () => {
    await createTestUser({ uniqueKeyHash: 'person-1' });
    expect(await isPersonRegistered('person-1')).toBe(true);
    await expect(createTestUser({ uniqueKeyHash: 'person-1' })).rejects.toBeInstanceOf(PersonAlreadyRegisteredError);
  });

  it('finds nothing for an unknown email or person', async () => {
    expect(await findUserByEmail('nobody@example.com')).toBeUndefined();
    expect(await isPersonRegistered('nobody')).toBe(false);
  });
});
