/**
 * Golden values of rng-bit-generator from XLA's CPU (jaxlib 0.10.2), made by
 * running, for each case, the module
 *   ENTRY main { p0 = u64[N] parameter(0)
 *     ROOT r = (u64[N], BITS) rng-bit-generator(p0), algorithm=ALGORITHM }
 * through test/corpus/xla-ops/run_hlo.py on `state`. Words are hex.
 * Shapes cover odd sizes that fill no whole block, scalars, zero elements,
 * every split rule of Threefry's halving, narrow and 64-bit results, u64[2]
 * and u64[3] Philox states and counters that wrap.
 */
export interface RngGoldenCase {
  readonly algorithm: "rng_three_fry" | "rng_philox" | "rng_default";
  readonly state: readonly string[];
  readonly bits: string;
  readonly newState: readonly string[];
  readonly values: readonly string[];
}

export const RNG_BIT_GENERATOR_GOLDEN: readonly RngGoldenCase[] = [
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0x1bccbe36", "0x6cc841f7", "0x4883e700", "0x2523d1a8", "0x70a770d6"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[3,5]", newState: ["0x1234567890abcdef", "0xfedcba9876543219"],
    values: ["0x1bccbe36", "0x6cc841f7", "0x4883e700", "0x2523d1a8", "0x70a770d6", "0xcfa6ed38", "0x4632d8e9", "0x44f04fda", "0xcfc9b5bf", "0x6be18b47", "0x137a2a59", "0xd321013f", "0x6276b863", "0x78f24385", "0xb713ddd5"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[4,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543216"],
    values: ["0x1bccbe36", "0x4883e700", "0x70a770d6", "0x6cc841f7", "0x2523d1a8", "0xc6400afc", "0xcfa6ed38", "0x44f04fda", "0x6be18b47", "0x4632d8e9", "0xcfc9b5bf", "0xdad01704"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[3,4]", newState: ["0x1234567890abcdef", "0xfedcba9876543216"],
    values: ["0x1bccbe36", "0x6cc841f7", "0x4883e700", "0x2523d1a8", "0x70a770d6", "0xc6400afc", "0xcfa6ed38", "0x4632d8e9", "0x44f04fda", "0xcfc9b5bf", "0x6be18b47", "0xdad01704"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[]", newState: ["0x1234567890abcdef", "0xfedcba9876543211"],
    values: ["0x1bccbe36"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[0]", newState: ["0x1234567890abcdef", "0xfedcba9876543210"],
    values: [] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[2,1,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0x1bccbe36", "0x4883e700", "0x70a770d6", "0x6cc841f7", "0x2523d1a8", "0xc6400afc"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[1,7]", newState: ["0x1234567890abcdef", "0xfedcba9876543214"],
    values: ["0x1bccbe36", "0x6cc841f7", "0x4883e700", "0x2523d1a8", "0x70a770d6", "0xc6400afc", "0xcfa6ed38"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u64[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543215"],
    values: ["0x6cc841f71bccbe36", "0x2523d1a84883e700", "0xc6400afc70a770d6", "0x4632d8e9cfa6ed38", "0xcfc9b5bf44f04fda"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u64[2,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543216"],
    values: ["0x6cc841f71bccbe36", "0x2523d1a84883e700", "0xc6400afc70a770d6", "0x4632d8e9cfa6ed38", "0xcfc9b5bf44f04fda", "0xdad017046be18b47"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u16[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0xbe36", "0x41f7", "0xe700", "0xd1a8", "0x70d6"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u8[3,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543216"],
    values: ["0x36", "0x0", "0xd6", "0xf7", "0xa8", "0xfc", "0x38", "0xda", "0x47"] },
  { algorithm: "rng_three_fry", state: ["0x7", "0xfffffffffffffffe"], bits: "u32[7]", newState: ["0x7", "0x2"],
    values: ["0xc423dd97", "0xa14fabea", "0xd03e9607", "0x5f522293", "0xe892296a", "0xbc3b53b9", "0xb0b8a12f"] },
  { algorithm: "rng_three_fry", state: ["0x0", "0x0"], bits: "u32[4]", newState: ["0x0", "0x2"],
    values: ["0x6b200159", "0x99ba4efe", "0x508efb2c", "0xc0de3f32"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0xdbc79305", "0xab031cc9", "0xc356c739", "0xec9905c", "0xa6184c83"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[2,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0xdbc79305", "0xab031cc9", "0xc356c739", "0xec9905c", "0xa6184c83", "0x76640042"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u64[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0xab031cc9dbc79305", "0xec9905cc356c739", "0x76640042a6184c83", "0x569e2e90a65650fd", "0x6f2ba733ac2758c3"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u64[3]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0xab031cc9dbc79305", "0xec9905cc356c739", "0x76640042a6184c83"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u16[7]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0x9305", "0x1cc9", "0xc739", "0x905c", "0x4c83", "0x42", "0x50fd"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u8[9]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0x5", "0xc9", "0x39", "0x5c", "0x83", "0x42", "0xfd", "0x90", "0xc3"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[]", newState: ["0x1234567890abcdef", "0xfedcba9876543211"],
    values: ["0xdbc79305"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[0]", newState: ["0x1234567890abcdef", "0xfedcba9876543210"],
    values: [] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u32[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543212", "0x123456789abcdef"],
    values: ["0xb1162c3d", "0xc0cf1774", "0x9a6d8eda", "0x16b31f6c", "0x5600e63b"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u32[2,3]", newState: ["0x1234567890abcdef", "0xfedcba9876543212", "0x123456789abcdef"],
    values: ["0xb1162c3d", "0xc0cf1774", "0x9a6d8eda", "0x16b31f6c", "0x5600e63b", "0x6ca3bb5c"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u64[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543213", "0x123456789abcdef"],
    values: ["0xc0cf1774b1162c3d", "0x16b31f6c9a6d8eda", "0x6ca3bb5c5600e63b", "0x5db765bd7f09c61a", "0xe5843e33c87e9e11"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u64[3]", newState: ["0x1234567890abcdef", "0xfedcba9876543212", "0x123456789abcdef"],
    values: ["0xc0cf1774b1162c3d", "0x16b31f6c9a6d8eda", "0x6ca3bb5c5600e63b"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u16[7]", newState: ["0x1234567890abcdef", "0xfedcba9876543212", "0x123456789abcdef"],
    values: ["0x2c3d", "0x1774", "0x8eda", "0x1f6c", "0xe63b", "0xbb5c", "0xc61a"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u8[9]", newState: ["0x1234567890abcdef", "0xfedcba9876543213", "0x123456789abcdef"],
    values: ["0x3d", "0x74", "0xda", "0x6c", "0x3b", "0x5c", "0x1a", "0xbd", "0x11"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u32[]", newState: ["0x1234567890abcdef", "0xfedcba9876543211", "0x123456789abcdef"],
    values: ["0xb1162c3d"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u32[0]", newState: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"],
    values: [] },
  { algorithm: "rng_philox", state: ["0x2a", "0xffffffffffffffff", "0x5"], bits: "u32[6]", newState: ["0x2a", "0x1", "0x6"],
    values: ["0xe717157b", "0x3310f2aa", "0xa774902c", "0xa1bd20f4", "0xbc7ab43e", "0xa7e2bcd4"] },
  { algorithm: "rng_philox", state: ["0x2a", "0xffffffffffffffff"], bits: "u32[6]", newState: ["0x2a", "0x1"],
    values: ["0x65983a1c", "0xf01cb6b3", "0x4fe3dbc3", "0x4af074", "0x781bb199", "0xfb5366f8"] },
  { algorithm: "rng_default", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u32[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0xdbc79305", "0xab031cc9", "0xc356c739", "0xec9905c", "0xa6184c83"] },
  { algorithm: "rng_default", state: ["0x1234567890abcdef", "0xfedcba9876543210", "0x123456789abcdef"], bits: "u64[3]", newState: ["0x1234567890abcdef", "0xfedcba9876543212", "0x123456789abcdef"],
    values: ["0xc0cf1774b1162c3d", "0x16b31f6c9a6d8eda", "0x6ca3bb5c5600e63b"] },
  { algorithm: "rng_three_fry", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u4[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543213"],
    values: ["0x6", "0x7", "0x0", "0x8", "0x6"] },
  { algorithm: "rng_philox", state: ["0x1234567890abcdef", "0xfedcba9876543210"], bits: "u4[5]", newState: ["0x1234567890abcdef", "0xfedcba9876543212"],
    values: ["0x5", "0x9", "0x9", "0xc", "0x3"] },
];
