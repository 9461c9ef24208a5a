import { ZOperatorName, ZOperatorRole } from '@promoter/contract';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/database';
import { AppError } from './errors';
import { createOperator, operatorIdByName, resetOperator } from './modules/operators/operator-service';

/**
 * The operators' command line (decisions 018 and 037), on the database the server would use (DATABASE_URL, or the
 * embedded one in DATA_DIR: stop the server first, the embedded PostgreSQL has one owner):
 * - `create <name> [--role owner|finance|support|viewer]`: a new operator, its one-time password and its
 *   authenticator enrolment, printed once;
 * - `reset <name> [--password] [--2fa] --reason <text>`: a one-time password (changed at the next sign-in) and/or a
 *   new authenticator enrolment for an operator who lost either, printed once; its sessions end; audited as `system`.
 */
const USAGE = [
  'usage: npm run operator -- create <name> [--role owner|finance|support|viewer]',
  '       npm run operator -- reset <name> [--password] [--2fa] --reason <text>',
].join('\n');

const valueOf = (args: string[], flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
};

function enrolmentLines(otpauthUri: string, secret: string): string[] {
  return [
    `Two-factor enrolment: scan this URI as a QR code, or type the secret into an authenticator app:`,
    `  ${otpauthUri}`,
    `  secret: ${secret}`,
  ];
}

async function main(argv: string[]): Promise<number> {
  const [command, rawName, ...rest] = argv;
  const name = ZOperatorName.safeParse(rawName ?? '');
  const role = ZOperatorRole.safeParse(valueOf(rest, '--role') ?? 'owner');
  const reason = valueOf(rest, '--reason')?.trim() ?? '';
  const resetPassword = rest.includes('--password');
  const resetTwoFactor = rest.includes('--2fa');
  const valid =
    name.success &&
    (command === 'create'
      ? role.success
      : command === 'reset' && reason !== '' && (resetPassword || resetTwoFactor));
  if (!valid || !name.success) {
    process.stderr.write(
      `${USAGE}\n  name: 3-32 lower-case letters, digits, _ . -\n  reset: --password, --2fa or both, and a --reason\n`,
    );
    return 2;
  }
  const config = parseConfig();
  const database = await openDatabase(config);
  const deps = { db: database.db, appSecret: config.appSecret };
  const signIn = `Sign in at ${config.publicUrl ?? `http://localhost:${config.port}`}/#/admin/login`;
  try {
    if (command === 'reset') {
      const reset = await resetOperator(deps, null, {
        id: await operatorIdByName(database.db, name.data),
        password: resetPassword,
        twoFactor: resetTwoFactor,
        reason,
      });
      process.stdout.write(
        [
          `Operator ${reset.operator.name} (${reset.operator.role}) reset; its sessions have ended.`,
          ...(reset.password !== null
            ? [`One-time password (shown once; changed at the next sign-in): ${reset.password}`]
            : []),
          ...(reset.otpauthUri !== null && reset.totpSecret !== null
            ? enrolmentLines(reset.otpauthUri, reset.totpSecret)
            : []),
          signIn,
          '',
        ].join('\n'),
      );
      return 0;
    }
    const created = await createOperator(
      deps,
      { name: name.data, role: role.success ? role.data : 'owner' },
      null,
    );
    process.stdout.write(
      [
        `Operator ${created.operator.name} (${created.operator.role}) created.`,
        `One-time password (shown once; changed at the first sign-in): ${created.password}`,
        ...enrolmentLines(created.otpauthUri, created.totpSecret),
        signIn,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'operatorNameTaken') {
      process.stderr.write(`an operator named ${name.data} already exists\n`);
      return 1;
    }
    if (error instanceof AppError && error.messageKey === 'operatorNotFound') {
      process.stderr.write(`no operator is named ${name.data}\n`);
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
