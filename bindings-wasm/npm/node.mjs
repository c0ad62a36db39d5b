// zeitkonto for Node, ESM: the CommonJS build re-exported (one module instance for `import` and
// `require`, so `instanceof` works across both).
import zk from "./dist/node.cjs";

export const {
  Client, init, buildRequest, parseResponse, operations,
  ZeitkontoError, InvalidInputError, ApiError, ForbiddenError, RefusedError, RateLimitedError,
  UnexpectedStatusError, DecodeError, TransportError, TlsError, TimeoutError,
} = zk;
