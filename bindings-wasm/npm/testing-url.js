// zeitkonto/testing for Vite's and webpack 5's production builds (condition `production`): the
// sandbox engine's .wasm loaded by URL, which the bundler emits as a file (see index.js); other
// bundlers and browsers get testing.js, which inlines it.
import initWasm, * as wasm from "./wasm-testing/zeitkonto_wasm_testing.js";
import { _setLoader } from "./testing/sandbox.js";

export { Sandbox, IN_PROCESS_BASE_URL, FAULT_KINDS } from "./testing/sandbox.js";

_setLoader(wasm, () => initWasm({ module_or_path: new URL("./wasm-testing/zeitkonto_wasm_testing_bg.wasm", import.meta.url) }));
