// The job entry's types, checked by tsc --strict (scripts/ci/npm).
import { Client } from "zeitkonto";
import {
  leaveYearReport, monthClose, presenceBoard, projectHours,
  type JobEvent, type MonthCloseJob, type PresenceBoardEvent, type SweepEvent, type SweepJob, type SweepPlan,
} from "zeitkonto/jobs";

export async function closeMarch(client: Client, signal: AbortSignal): Promise<Map<string, number | null>> {
  const job: MonthCloseJob = await monthClose(client, 2026, 3, { departments: ["SALES", "ENG"], signal });
  // An option that may be unset type-checks under exactOptionalPropertyTypes.
  const unset: string | undefined = job.plan.calls > 1e9 ? "x" : undefined;
  await monthClose(client, 2026, 3, { checkpoint: unset, limitPerMinute: undefined });
  const balances = new Map<string, number | null>();
  for await (const event of job as AsyncIterable<JobEvent>) {
    if (event.type === "account") balances.set(event.employee, event.account.balance);
    else if (event.type === "progress") console.log(`${event.done}/${event.total}, ${event.eta} ms left`);
  }
  localStorage.setItem("march", job.checkpoint());
  for (const { employee, reason } of job.failures()) console.log(employee, reason);
  return balances;
}

export async function sweeps(client: Client, signal: AbortSignal): Promise<Record<string, number>> {
  const board: SweepJob<PresenceBoardEvent> = await presenceBoard(client, { day: new Date(), signal });
  const plan: SweepPlan = board.plan;
  console.log(plan.path, plan.calls, plan.eta);
  for await (const event of board) {
    if (event.type === "presence") console.log(event.entry.employee, event.entry.present, event.source);
    else if (event.type === "fallback") console.log(event.call, event.reason);
    else if (event.type === "callFailure") console.log(event.call, event.error.kind);
  }
  for await (const event of await leaveYearReport(client, 2026, { checkpoint: board.checkpoint() })) {
    if (event.type === "leave") console.log(event.entry, Object.keys(event.legend).length);
  }
  const minutes: Record<string, number> = {};
  const hours = await projectHours(client, "pm@example.com", "2026-01-01", new Date(2026, 2, 31), { projects: ["p1"] });
  for await (const event of hours as AsyncIterable<SweepEvent>) {
    if (event.type === "booking") minutes[event.project] = (minutes[event.project] ?? 0) + 1;
  }
  for (const { call, reason } of hours.failures()) console.log(call, reason);
  return minutes;
}
