/**
 * The part of the host's WebAssembly API this engine calls, typed here
 * (the project compiles without the DOM library, whose declarations carry
 * it): synchronous compile and instantiate, and validation. undefined on a
 * host without WebAssembly, where the JavaScript loops run instead.
 */
export interface WasmInstance {
  readonly exports: { readonly [name: string]: unknown };
}

export interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports?: object) => WasmInstance;
  validate(bytes: Uint8Array): boolean;
}

export const wasmApi: WasmApi | undefined = (globalThis as { readonly WebAssembly?: WasmApi }).WebAssembly;

/** An instance's exported memory's bytes, where it has one. */
export function exportedBuffer(instance: WasmInstance, name: string): ArrayBuffer | undefined {
  const memory = instance.exports[name] as { readonly buffer?: unknown } | undefined;
  return memory?.buffer instanceof ArrayBuffer ? memory.buffer : undefined;
}

/** The compiled module (for instances on other threads too), or undefined where the host refuses to compile it synchronously (as instantiate). */
export function compileModule(bytes: Uint8Array): object | undefined {
  if (wasmApi === undefined) return undefined;
  try {
    return new wasmApi.Module(bytes);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * The module's instance (its imports, module "host", from `host`), or undefined where the host refuses to compile it
 * synchronously (a browser's main thread limits synchronous compiles to a
 * few KiB): the caller then runs its JavaScript loops.
 */
export function instantiate(bytes: Uint8Array, host?: { readonly [name: string]: (...args: number[]) => number }): WasmInstance | undefined {
  if (wasmApi === undefined) return undefined;
  const module = compileModule(bytes);
  if (module === undefined) return undefined;
  try {
    return new wasmApi.Instance(module, host === undefined ? undefined : { host });
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}
