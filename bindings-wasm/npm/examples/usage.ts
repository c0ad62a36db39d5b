// A typed usage example; `npx tsc -p examples` checks it with --strict and exactOptionalPropertyTypes (no emit).
import { Client, ApiError, RefusedError, buildRequest, init, type MonthlyAccount, type Month } from "zeitkonto";

export async function report(baseUrl: string): Promise<string[]> {
  const client = new Client({ apiKey: "demo-company-key", baseUrl, rateLimit: { limit: 60, window: 60_000 } });
  const lines: string[] = [];
  // The README's form: an option that may be undefined (also under exactOptionalPropertyTypes).
  const env: Record<string, string | undefined> = {}; // stands for process.env (no @types/node here)
  const fromEnv = new Client({ apiKey: env.ZEITKONTO_API_KEY, baseUrl, timeout: undefined });
  void fromEnv;
  const people = await client.employees();
  lines.push(`${people.length} employees; first joined ${people[0]?.joinDate ?? "?"}`);
  await client.come("anna.schmidt@demo.example");
  try {
    await client.go("anna.schmidt@demo.example");
    await client.go("anna.schmidt@demo.example");
  } catch (e) {
    if (e instanceof RefusedError) lines.push("was not clocked in");
    else if (e instanceof ApiError) lines.push(`API error ${e.code} (HTTP ${e.status})`);
    else throw e;
  }
  const month: Month = new Date(2026, 9, 15).getMonth() + 1; // October: months count from 1
  const account: MonthlyAccount = await client.timeAccount("anna.schmidt@demo.example", 2026, month);
  const balance: number | null = account.balance;
  lines.push(`balance ${balance ?? 0} min over ${account.bookings.length} bookings`);
  const report = await client.timeAccountReport("anna.schmidt@demo.example", { year: 2026, month, project: true });
  lines.push(`${report.bookings.length} intervals this month`);
  await client.bookAbsence("LT-VAC", "00000000-0000-4000-8000-000000000001", { halfDay: true, startDay: new Date(2026, 11, 21), endDay: "2026-12-21" });
  // @ts-expect-error: optional parameters go in the options object, required ones first
  await client.bookAbsence({ reasonUuid: "LT-VAC", employeeUuid: "e-1" }).catch(() => undefined);
  const ac = new AbortController();
  const week = await client.shifts(2026, 47, { signal: ac.signal });
  lines.push(`${week.shifts.length} shifts in ${week.workspaceName ?? "?"}`);
  await init(); // needed in browsers before the sans-IO functions; resolves at once in Node
  const req = buildRequest("presence", { email: "anna.schmidt@demo.example" }, { apiKey: "k" });
  lines.push(`${req.method} ${req.redactedUrl}`);
  return lines;
}
