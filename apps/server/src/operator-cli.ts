import { ZOperatorName, ZOperatorRole } from '@promoter/contract';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/database';
import { AppError } from './errors';
import { createOperator } from './modules/operators/operator-service';

/**
 * `npm run operator -- create <name> [--role owner|finance|support|viewer]` (decision 018): creates an operator on
 * the database the server would use (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, the
 * embedded PostgreSQL has one owner) and prints its one-time password and its authenticator enrolment, once.
 */
const USAGE = 'usage: npm run operator -- create <name> [--role owner|finance|support|viewer]';

async function main(argv: string[]): Promise<number> {
  const [command, rawName, ...rest] = argv;
  const roleAt = rest.indexOf('--role');
  const name = ZOperatorName.safeParse(rawName ?? '');
  const role = ZOperatorRole.safeParse(roleAt === -1 ? 'owner' : rest[roleAt + 1]);
  if (command !== 'create' || !name.success || !role.success) {
    process.stderr.write(`${USAGE}\n  name: 3-32 lower-case letters, digits, _ . -\n`);
    return 2;
  }
  const config = parseConfig();
  const database = await openDatabase(config);
  try {
    const created = await createOperator(
      { db: database.db, appSecret: config.appSecret },
      { name: name.data, role: role.data },
      null,
    );
    process.stdout.write(
      [
        `Operator ${created.operator.name} (${created.operator.role}) created.`,
        `One-time password (shown once; changed at the first sign-in): ${created.password}`,
        `Two-factor enrolment: scan this URI as a QR code, or type the secret into an authenticator app:`,
        `  ${created.otpauthUri}`,
        `  secret: ${created.totpSecret}`,
        `Sign in at ${config.publicUrl ?? `http://localhost:${config.port}`}/#/admin/login`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'operatorNameTaken') {
      process.stderr.write(`an operator named ${name.data} already exists\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `operator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
