// Types of `zeitkonto/jobs`: whole-company jobs planned against the rate limit.
import type { Client, MonthlyAccount, ZeitkontoError } from "zeitkonto";

/** The plan, stated before running (`eta` in milliseconds). */
export interface JobPlan { path: "departments" | "employees"; calls: number; eta: number }

/** What a job reports. */
export type JobEvent =
  | { type: "progress"; done: number; total: number; eta: number }
  | { type: "account"; employee: string; account: MonthlyAccount; source: string }
  | { type: "employeeFailure"; employee: string; error: ZeitkontoError }
  | { type: "departmentFallback"; department: string; reason: string };

/** A running month close: its plan, its checkpoint, its events. */
export interface MonthCloseJob extends AsyncIterable<JobEvent> {
  readonly plan: JobPlan;
  /** The job's state as JSON text, to resume with `{ checkpoint }`. */
  checkpoint(): string;
}

/**
 * The month close for `year` and calendar `month` (1-12): every active employee's monthly
 * account, one summary call per department id or one call per employee.
 */
export declare function monthClose(client: Client, year: number, month: number,
  options?: { departments?: string[]; checkpoint?: string; signal?: AbortSignal }): Promise<MonthCloseJob>;
