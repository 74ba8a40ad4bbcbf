// Builds the table into dist/: one bundled, minified script with its source map (esbuild), the
// page and its style sheet. `node build.mjs --watch` rebuilds on every change.
import * as esbuild from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";

const watch = process.argv.includes("--watch");
await rm("dist", { recursive: true, force: true });
await mkdir("dist");
await Promise.all([
  copyFile("index.html", "dist/index.html"),
  copyFile("src/table.css", "dist/table.css"),
]);
const options = {
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: !watch,
  sourcemap: true,
  outfile: "dist/table.js",
  logLevel: "info",
};
if (watch) {
  await (await esbuild.context(options)).watch();
} else {
  await esbuild.build(options);
}
