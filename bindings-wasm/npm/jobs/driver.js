// What the jobs of zeitkonto/jobs share (entries.js, generated): the core's .wasm (loaded once,
// by the entry files' loader), the checks of arguments and options, the core's errors as the
// package's, and the one loop every job runs (runJob).
import { ApiError, ZeitkontoError, _invalid as invalid, _ownerOf, _settingsOf, _toError } from "zeitkonto";
import { jobTelemetry } from "../src/telemetry.js";

let load = null;
let loaded = null;

/** Sets the .wasm's exports and how to initialise them (the entry files do this). @internal */
export function _setLoader(wasm, init) {
  load = () => Promise.resolve().then(init).then(() => wasm);
}

/**
 * Checks the options object of `job` (its option names `known`; `checkpoint` and `signal` are
 * every job's), and the client's `methods`: an unknown option or a wrong type is an
 * InvalidInputError naming the field, before any call.
 */
export function checkArgs(job, client, methods, options, known) {
  if (options == null || typeof options !== "object" || Array.isArray(options)) {
    throw invalid("options", "expected an options object");
  }
  for (const k of Object.keys(options)) {
    if (!known.includes(k)) throw invalid(k, `unknown option of ${job}; known: ${known.join(", ")}`);
  }
  if (client == null || methods.some((name) => typeof client[name] !== "function")) {
    throw invalid("client", "expected a zeitkonto Client");
  }
  const { checkpoint, signal } = options;
  if (checkpoint != null && typeof checkpoint !== "string") throw invalid("checkpoint", "expected the JSON text checkpoint() gave");
  if (signal != null && !(typeof AbortSignal !== "undefined" && signal instanceof AbortSignal)) {
    throw invalid("signal", "expected an AbortSignal");
  }
}

/**
 * Starts the job `kind` of the core (`JobSteps` in the jobs .wasm) with its options `spec` over
 * `client` (a zeitkonto Client): every job, one loop. The core says the next call, the loop makes
 * it with `client.call(operation, params)` and reports the answer (or the failure's kind and
 * code); the core hands out the call's events, its progress first, and the loop puts its error
 * object into a failure event. `failure(key, reason)` is a listed failure's object.
 *
 * `plan` is the plan from here, read when asked (a fallback or a list changes it).
 * `checkpoint()` is the state after the last call whose events the consumer has handled (it asked
 * for more after them): a job stopped while its consumer handled an event (a break, a throw, an
 * abort) makes that call again on resume: at least once, never lost. A call that stops the job is
 * not finished either: resumed (e.g. with the key fixed), the job makes it again.
 *
 * With OpenTelemetry set up, the job is a span (`zeitkonto.job {job}`, src/telemetry.js), the
 * parent of its calls' spans, from its first call to its end (or its consumer's stop).
 */
export async function runJob(client, kind, spec, { checkpoint, signal }, failure) {
  loaded ??= load?.() ?? Promise.reject(new Error("zeitkonto/jobs: no .wasm loader"));
  const wasm = await loaded;
  // What JSON would write as null, or refuse to write, is said here, with the field's name.
  const unwritable = (v) => typeof v === "bigint" || (typeof v === "number" && !Number.isFinite(v));
  for (const [field, v] of Object.entries(spec)) {
    if (unwritable(v)) throw invalid(field, "expected a whole number");
    if (Array.isArray(v) && v.some((x) => unwritable(x) || (x !== null && typeof x === "object"))) {
      throw invalid(field, "expected an array of ids (strings)");
    }
  }
  // The estimates assume the client's rate limit unless `limitPerMinute` is given (the core's rule).
  const settings = _settingsOf(client);
  let job;
  try {
    // Whose the job is: the core refuses a checkpoint of another key or service.
    job = new wasm.JobSteps(kind, JSON.stringify(spec), checkpoint ?? undefined, settings, _ownerOf(client));
  } catch (e) {
    throw _toError(e); // the core error's JSON form as the package's error
  }
  let calling = false; // one call at a time: a second loop would answer the first's call
  return {
    /** The plan from here (before the first call: the whole job as far as it is known). */
    get plan() {
      const [path, calls, eta] = job.plan();
      return { path, calls, eta };
    },
    checkpoint: () => job.checkpoint(),
    failures: () => JSON.parse(job.failures()).map(([key, reason]) => failure(key, reason)),
    async *[Symbol.asyncIterator]() {
      const span = jobTelemetry(job.span);
      let stopped;
      try {
        for (;;) {
          // Another loop over this job between its call and its answer (a loop paused at an event
          // holds no call: another may carry on from there).
          if (calling) throw invalid("job", "has a call in flight in another loop: one for await over a job at a time");
          calling = true;
          let events;
          try {
            const step = job.nextCall();
            if (step === undefined) return;
            signal?.throwIfAborted();
            const { operation, params } = JSON.parse(step);
            try {
              const call = () => client.call(operation, params, { signal });
              const answer = await (span === null ? call() : span.run(call));
              events = JSON.parse(job.answered(JSON.stringify(answer ?? null)));
            } catch (error) {
              if (!(error instanceof ZeitkontoError)) throw error; // an abort, a bug: the job stops
              const reported = job.failed(error.kind, error instanceof ApiError ? error.code : undefined);
              if (reported === undefined) throw error;
              events = JSON.parse(reported).map((e) => ("error" in e ? { ...e, error } : e));
            }
          } finally {
            calling = false;
          }
          yield* events;
        }
      } catch (error) {
        stopped = error;
        throw error;
      } finally {
        span?.end(stopped);
      }
    },
  };
}
