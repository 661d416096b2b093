/**
 * The minixla command under a user's mistakes and hostile input, spawned as a
 * user runs it: output paths that cannot hold files are refused before
 * anything is written, in one line with exit code 1 (never a hang under
 * /proc, never "internal error" with a stack trace), and control characters
 * from the input reach neither the terminal nor a conformance report raw.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { literal, writeNpy } from "@minixla/hlo";
import { type Outcome, cliRunner, scratch } from "./support/cli.ts";

const { work, file } = scratch("minixla-cli-faults-");
const minixla = cliRunner(30_000);

const NEGATE = `HloModule negate

ENTRY main {
  x = f64[2]{0} parameter(0)
  ROOT n = f64[2]{0} negate(x)
}
`;

/** Exit 1, exactly one line on stderr matching `message`, no stack trace, no "internal error". */
function expectOneLineFailure(r: Outcome, message: RegExp): void {
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}

/** No control character but newline reaches the terminal. */
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f]/;

const onLinuxProc = existsSync("/proc/self/status");
const isRoot = process.getuid?.() === 0;

describe.concurrent("output paths are checked before anything is written", () => {
  test("opt FILE --dump <an existing file> says it is not a directory", async () => {
    const target = file("dump_is_a_file", "keep me");
    const r = await minixla("opt", file("negate_opt.hlo", NEGATE), "--dump", target);
    expectOneLineFailure(r, /^minixla opt: --dump .*dump_is_a_file: exists and is not a directory$/m);
    expect(r.stdout).toBe("");
  });

  test("run FILE --output <an existing file> refuses before evaluating", async () => {
    const target = file("output_is_a_file", "keep me");
    const r = await minixla("run", file("negate_run.hlo", NEGATE), "--input-json", "[1, 2]", "--output", target);
    expectOneLineFailure(r, /^minixla run: --output .*output_is_a_file: exists and is not a directory$/m);
    expect(r.stdout).toBe("");
  });

  test("a directory below a file is refused, naming the file", async () => {
    const blocker = file("blocker", "x");
    const r = await minixla("run", file("negate_below.hlo", NEGATE), "--input-json", "[1, 2]", "--output", join(blocker, "sub", "dir"));
    expectOneLineFailure(r, /^minixla run: --output .*blocker\/sub\/dir: a part of the path is a file, not a directory$/m);
  });

  test("missing directories are made one level at a time and written into", async () => {
    const out = join(work, "a", "b", "c");
    const r = await minixla("run", file("negate_ok.hlo", NEGATE), "--input-json", "[1, 2]", "--output", out);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(["out0.npy"]);
    const d = await minixla("opt", file("negate_dump.hlo", NEGATE), "--dump", join(work, "d1", "d2"));
    expect(d.code, d.stderr).toBe(0);
    expect(readdirSync(join(work, "d1", "d2"))).toContain("00-input.hlo");
  });

  test.skipIf(!onLinuxProc)("run --output /proc/x returns at once with a one-line refusal (no mkdir loop)", async () => {
    const start = Date.now();
    const r = await minixla("run", file("negate_proc.hlo", NEGATE), "--input-json", "[1, 2]", "--output", "/proc/minixla-x/y");
    expectOneLineFailure(r, /^minixla run: --output \/proc\/minixla-x\/y: \/proc is on the kernel's proc filesystem, not a place for output files$/m);
    expect(Date.now() - start).toBeLessThan(20_000);
  });

  test.skipIf(!onLinuxProc)("opt --dump /proc/x and /sys/x and /dev/x are refused", async () => {
    const hlo = file("negate_proc_opt.hlo", NEGATE);
    for (const dir of ["/proc/minixla-x", "/sys/minixla-x", "/dev/minixla-x"]) {
      const r = await minixla("opt", hlo, "--dump", dir);
      expectOneLineFailure(r, /^minixla opt: --dump \/(proc|sys|dev)\/minixla-x: \/\w+ is on the kernel's \w+ filesystem/m);
    }
    expect(existsSync("/dev/minixla-x")).toBe(false);
  });

  // root may write anywhere, so the permission check is only visible to other users.
  test.skipIf(isRoot || process.platform === "win32")("a directory without write permission is refused", async () => {
    const locked = join(work, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const r = await minixla("run", file("negate_locked.hlo", NEGATE), "--input-json", "[1, 2]", "--output", join(locked, "out"));
    chmodSync(locked, 0o700);
    expectOneLineFailure(r, /^minixla run: --output .*locked\/out: .*locked is not writable \(EACCES/m);
  });
});

describe.concurrent("control characters in echoed input are escaped", () => {
  const garbage = new Uint8Array([0x1b, 0x5b, 0x32, 0x4a, 0x00, 0x07, 0x0d, 0x9b, 0x41, 0x0a, 0x1b, 0x5d, 0x30, 0x3b, 0x07]);

  test("a binary .hlo gives a ParseError whose excerpt shows \\x1b, not ESC", async () => {
    const r = await minixla("run", file("garbage.hlo", garbage));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^minixla run: .*garbage\.hlo:1:1: ParseError: /);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain(String.raw`\x1b[2J\x00\x07\x0d`);
  });

  test("a string attribute holding ESC and BEL is escaped in the excerpt", async () => {
    const text = `HloModule m\n\nENTRY main {\n  x = f64[2]{0} parameter(0)\n  ROOT c = f64[2]{0} custom-call(x), custom_call_target="\x1b]0;pwned\x07", bogus=\n}\n`;
    const r = await minixla("lower", file("escape_attr.hlo", text));
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  test("an unknown command with control characters is echoed escaped", async () => {
    const r = await minixla("fro\x1b[31mb");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(String.raw`unknown command 'fro\x1b[31mb'`);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  test("conformance writes a FAIL line with the control characters escaped", async () => {
    const corpus = join(work, "garbage_corpus");
    mkdirSync(join(corpus, "junk"), { recursive: true });
    writeFileSync(join(corpus, "junk", "module.hlo"), garbage);
    writeFileSync(join(corpus, "junk", "out0.npy"), writeNpy(literal("f64", [1], [0])));
    writeFileSync(
      join(corpus, "manifest.json"),
      JSON.stringify({ cases: [{ name: "junk", dir: "junk", inputs: [], outputs: [{ file: "out0.npy", dtype: "float64", shape: [1] }], tolerance: { exact: true } }] }),
    );
    const r = await minixla("conformance", corpus);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^FAIL junk: ParseError: /);
    expect(lines[0]).toContain(String.raw`\x1b[2J`);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(lines[1]).toBe("0 passed, 1 failed");
  });
});
