import { EvalError, ParseError, parseHloModule } from "@minixla/hlo";
import { describe, expect, test } from "vitest";
import { ModuleFileError, aboutFile, inFileMessage } from "./module_file.ts";

describe("errors about a module file", () => {
  test("a ParseError with a position reads FILE:LINE:COLUMN: ParseError: message, excerpt kept", async () => {
    const error = await aboutFile("a.hlo", () => parseHloModule("HloModule m\nENTRY e {\n  p = f46[4,10] parameter(0)\n}\n")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleFileError);
    expect(inFileMessage(error as ModuleFileError)).toBe("a.hlo:3:7: ParseError: unknown element type 'f46'\n  p = f46[4,10] parameter(0)\n      ^");
  });

  test("other HloErrors read FILE: Name: message; other errors pass through", async () => {
    const error = await aboutFile("b.hlo", () => {
      throw new EvalError("no");
    }).catch((e: unknown) => e);
    expect(inFileMessage(error as ModuleFileError)).toBe("b.hlo: EvalError: no");
    expect(inFileMessage(new ModuleFileError("c.hlo", new ParseError("bad header")))).toBe("c.hlo: ParseError: bad header");
    await expect(aboutFile("d.hlo", () => Promise.reject(new RangeError("x")))).rejects.toBeInstanceOf(RangeError);
  });
});
