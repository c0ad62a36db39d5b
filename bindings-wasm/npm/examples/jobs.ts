// The job entry's types, checked by tsc --strict (scripts/ci/npm).
import { Client } from "zeitkonto";
import { monthClose, type JobEvent, type MonthCloseJob } from "zeitkonto/jobs";

export async function closeMarch(client: Client, signal: AbortSignal): Promise<Map<string, number | null>> {
  const job: MonthCloseJob = await monthClose(client, 2026, 3, { departments: ["SALES", "ENG"], signal });
  const balances = new Map<string, number | null>();
  for await (const event of job as AsyncIterable<JobEvent>) {
    if (event.type === "account") balances.set(event.employee, event.account.balance);
    else if (event.type === "progress") console.log(`${event.done}/${event.total}, ${event.eta} ms left`);
  }
  localStorage.setItem("march", job.checkpoint());
  return balances;
}
