// test/client.test.mjs again, each client sending through fetch (`fetch: globalThis.fetch`)
// instead of Node's default node:http: the two transports give the same results.
process.env.ZK_TEST_TRANSPORT = "fetch";
await import("./client.test.mjs");
