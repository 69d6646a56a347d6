import type { AppConfig } from './config/config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { TokenService } from './lib/tokens';
import type { UsersRepository } from './modules/users/users.repository';
import type { AuthGuards } from './plugins/auth';

/** What app.ts hands every feature module. Modules build their services from it, so tests
 * can swap an edge (clock, mailer, payment provider) without touching the database. */
export type ModuleDeps = {
  config: AppConfig;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  users: UsersRepository;
  guards: AuthGuards;
};
