// The V8 flags the production server runs with (decision 060). `npm start` passes them on its
// command line (package.json; server-node-flags.test.ts keeps the two the same), and the benches
// start their servers with them, so what they measure is what runs.
//
// --max-semi-space-size=16: V8's young generation otherwise grows to ~95 MB of committed, mostly
// empty memory in this server (semi-spaces sized from the machine's memory); 16 MB semi-spaces keep
// it under ~48 MB: about 70 MB less RSS at rest, for a CPU cost within the page bench's noise (2 MB
// saves 20 MB more but costs a quarter more CPU per page).
export const serverNodeFlags: readonly string[] = ["--max-semi-space-size=16"];
