import type { DashboardStats } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import * as repo from './dashboard.repository.js';

export interface DashboardDeps {
  db: Db;
}

/** The dashboard's figures. */
export function createDashboardService({ db }: DashboardDeps) {
  return {
    stats: (): Promise<DashboardStats> => repo.countTotals(db),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
