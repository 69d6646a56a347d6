import { parseArgs } from 'node:util';
import { ZEmail } from '@magotips/contracts/auth';
import { ZNewPassword } from '@magotips/contracts/new-password';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { userRoles, users } from '../db/schema';
import { defaultWebDistDir } from '../lib/paths';
import { hashPassword } from '../lib/password';

/** Creates the first admin in production (or promotes an existing account). */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'MagoTips' },
      'birth-date': { type: 'string', default: '1980-01-01' },
    },
  });
  const email = ZEmail.safeParse(values.email);
  // The same rule as every other new password: long enough and not a common one.
  const password = ZNewPassword.safeParse(values.password);
  if (!email.success || !password.success) {
    if (values.password && !password.success)
      console.error(password.error.issues[0]?.message ?? '');
    console.error(
      'Uso: npm run create-admin -- --email admin@dominio.com --password <mín. 6 caracteres, no una contraseña común>',
    );
    process.exit(2);
  }

  const config = loadConfig(
    { ...process.env, SEED_DEMO: 'false' },
    { webDistDir: defaultWebDistDir() },
  );
  const database = await openDatabase(config);
  await database.migrate();
  const passwordHash = await hashPassword(password.data);
  const result = await database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.data.toLowerCase()));
    let id = existing?.id;
    if (id) {
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: new Date(),
          tokenVersion: sql`${users.tokenVersion} + 1`,
        })
        .where(eq(users.id, id));
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          email: email.data,
          firstName: values['first-name'] ?? 'Admin',
          lastName: values['last-name'] ?? 'MagoTips',
          dateOfBirth: values['birth-date'] ?? '1980-01-01',
          passwordHash,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      id = row?.id;
    }
    if (!id) throw new Error('no se pudo crear el usuario');
    await tx
      .insert(userRoles)
      .values([
        { userId: id, role: 'user', isSystem: true },
        { userId: id, role: 'editor', isSystem: true },
        { userId: id, role: 'admin', isSystem: true },
      ])
      // The operator's word outranks an admin's: a role already held becomes a system role.
      .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { isSystem: true } });
    return existing ? 'actualizado' : 'creado';
  });
  await database.close();
  console.log(`✔ Administrador ${result}: ${email.data}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `✖ ${err.message}` : err);
  process.exit(1);
});
