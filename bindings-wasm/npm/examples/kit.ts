// The test kit's types, checked by tsc --strict (scripts/ci/npm): what a TypeScript test writes.
import { Client, RateLimitedError, RefusedError, TransportError } from "zeitkonto";
import { Sandbox, FAULT_KINDS, type FaultKind, type SandboxKeys } from "zeitkonto/testing";

export async function kitUsage(): Promise<number> {
  const sandbox: Sandbox = await Sandbox.create({ today: "2026-11-21", rateLimit: { limit: 60, window: 60_000 } });
  const keys: SandboxKeys = sandbox.keys;
  const client: Client = sandbox.client({ timeout: 5_000 });
  sandbox.inject("delay", { delay: 250, operation: "clock", afterApplying: true });
  const kind: FaultKind = FAULT_KINDS[0] ?? "status";
  sandbox.inject(kind);
  await client.come(keys.employee).catch((e: unknown) => e instanceof RefusedError);
  const answer: Response = await sandbox.fetch(`https://desktop.saas.de/api/v2/employees/${keys.companyKey}`);
  const url: string = await sandbox.serve();
  await sandbox.close();
  sandbox.reset();
  // Options that may be unset (from the environment) type-check under exactOptionalPropertyTypes.
  const maybe = (n: number): number | undefined => (n > 0 ? n : undefined);
  const other = await Sandbox.create({ today: undefined, seed: undefined, rateLimit: { limit: maybe(1), window: undefined } });
  other.inject("delay", { delay: maybe(0), operation: undefined, count: maybe(2) });
  // Test doubles of the client's errors: message, own fields, the standard cause.
  const slow: RateLimitedError = new RateLimitedError("slow down", { status: 429, retryAfter: 1_000 });
  const broken = new TransportError("connection reset", { cause: new Error("ECONNRESET"), mayHaveReachedServer: true });
  if (slow.kind !== "RateLimited" || !broken.mayHaveReachedServer) return -1;
  return sandbox.writes("clock") + sandbox.requests() + sandbox.rateLimited + answer.status + url.length + sandbox.today.length;
}
