// What scripts/bundlers.mjs and scripts/nextjs.mjs share: tools pinned and installed once in a
// work folder (reinstalled when the pins change), and the package from its packed tarball.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Children get no NODE_ENV (Vite's dev server sets it to "development" in this process, and a
 * `vite build` or `next build` inheriting that would build in development mode). */
export const env = () => { const e = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }; delete e.NODE_ENV; return e; };

/** `cmd args` in `work` (stdout returned), unless `opts` says otherwise. */
export const shIn = (work) => (cmd, args, opts = {}) =>
  execFileSync(cmd, args, { cwd: work, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", env: env(), ...opts });

/**
 * Installs `manifest` (a package.json object) into `work`, once per content; then the package
 * `pkg` from its tarball, as npm would publish it (it has no dependencies, so unpacking the tarball
 * into node_modules is what `npm install <tgz>` does). Returns the tarball's path.
 */
export function install(what, work, manifest, pkg) {
  const sh = shIn(work);
  mkdirSync(work, { recursive: true });
  const text = JSON.stringify(manifest, null, 2);
  const stamp = join(work, "node_modules", ".pins.json");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== text) {
    const pins = { ...manifest.dependencies, ...manifest.devDependencies };
    console.log(`${what}: installing ${Object.entries(pins).map(([k, v]) => `${k}@${v}`).join(" ")} into ${work}`);
    writeFileSync(join(work, "package.json"), text);
    sh("npm", ["install", "--no-audit", "--no-fund", "--silent"], { stdio: "inherit" });
    writeFileSync(stamp, text);
  }
  const packDir = join(work, "pack");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir);
  const tarball = join(packDir, sh("npm", ["pack", "--silent", "--pack-destination", packDir], { cwd: pkg }).trim().split("\n").pop());
  const installed = join(work, "node_modules", "zeitkonto");
  rmSync(installed, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  sh("tar", ["xzf", tarball, "-C", installed, "--strip-components=1"]);
  return tarball;
}
