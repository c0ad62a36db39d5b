// Types of `zeitkonto/testing`: the sandbox, a stateful fake of the saas.de API, in-process.
import type { Client, ClientOptions } from "zeitkonto";

/** The base URL of in-process clients (never resolved: nothing leaves the process). */
export declare const IN_PROCESS_BASE_URL: "http://sandbox.localhost";

/** A fault `inject` knows. */
export type FaultKind = "delay" | "reset" | "status" | "truncated" | "html" | "rateLimit" | "echoPath" | "redirect";

/** The faults `inject` knows. */
export declare const FAULT_KINDS: readonly FaultKind[];

/** How to make a sandbox. */
export interface SandboxOptions {
  /** Freezes the sandbox's today: "YYYY-MM-DD" or a Date (default: the real date). */
  today?: string | Date;
  /** The data: an object or JSON text (default: the demo seed). */
  seed?: object | string;
  /** The API's rate limit (`window` in milliseconds); default: none, so tests do not wait. */
  rateLimit?: { limit?: number; window?: number };
  /** Route overrides by operation name, as the client's `routes`. */
  routes?: Record<string, string>;
}

/** What `inject` takes besides the kind. */
export interface FaultOptions {
  /** Only requests of this operation (its stable name, e.g. "clock"). */
  operation?: string;
  /** For the next `count` matching requests (default 1; a whole number from 1 to 4294967295). */
  count?: number;
  /** The status of "status" (default 500), "html" (200), "echoPath" (502), "redirect" (302); 200 to 599. */
  status?: number;
  /** The wait of "delay", in milliseconds (default 1000; 0 to 3600000, one hour). */
  delay?: number;
  /** The Retry-After of "rateLimit", in milliseconds (sent in whole seconds rounded up; default 1000; 0 to 86400000). */
  retryAfter?: number;
  /** Apply the request first, then answer with the fault (a write applied whose answer is lost). */
  afterApplying?: boolean;
  /** Filler characters before the echoed path ("echoPath"; 0 to 1000000). */
  pad?: number;
  /** The redirect target ("redirect"). */
  location?: string;
}

/** The demo seed's keys and people. */
export interface SandboxKeys {
  readonly companyKey: string;
  readonly noModulesCompanyKey: string;
  readonly inactiveCompanyKey: string;
  readonly otherCompanyKey: string;
  readonly workspaceKey: string;
  readonly departmentKey: string;
  readonly employeeKey: string;
  readonly supervisorKey: string;
  /** Anna Schmidt's e-mail: an employee with a login, time-tracked. */
  readonly employee: string;
  readonly projectManager: string;
  readonly supervisor: string;
  readonly employeeWithoutLogin: string;
}

/** A stateful fake of the saas.de API, in-process. */
export declare class Sandbox {
  private constructor();
  /** Makes a sandbox (loads the kit's .wasm on first use). */
  static create(options?: SandboxOptions): Promise<Sandbox>;
  /** The demo seed's keys and people. */
  readonly keys: SandboxKeys;
  /** `fetch` for code that calls the API itself. */
  readonly fetch: typeof globalThis.fetch;
  /** A Client wired to this sandbox in-process (demo keys unless given). */
  client(options?: Omit<ClientOptions, "baseUrl" | "fetch" | "dispatcher">): Client;
  /**
   * Makes the next requests fail as `kind` says. A value out of range is an `InvalidInputError`
   * naming the option, with the same reason in every language's kit (the engine checks).
   */
  inject(kind: FaultKind, options?: FaultOptions): void;
  /** Writes applied so far (of `operation`, or all). */
  writes(operation?: string): number;
  /** Requests received so far (of `operation`, or all). */
  requests(operation?: string): number;
  /** How many requests the sandbox's own rate limit refused (429). */
  readonly rateLimited: number;
  /** The sandbox's today, "YYYY-MM-DD". */
  readonly today: string;
  /** Back to the seed: data, counters, faults. */
  reset(): void;
  /** The data this sandbox started from, as the object `seed` takes. */
  seed(): object;
  /** Serves this sandbox over HTTP on 127.0.0.1 (Node only); resolves to the base URL. */
  serve(): Promise<string>;
  /** Stops the server of `serve()`, if any. */
  close(): Promise<void>;
}
