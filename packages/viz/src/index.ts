/**
 * `@minixla/viz`: pictures of minixla modules. DOT text of a module
 * (`moduleToDot`), laid out into SVG by Graphviz compiled to WebAssembly
 * (`renderSvg`), and self-contained HTML pages: a module's graph
 * (`graphHtml`), the pass explorer (`passReportHtml`) and the broadcasting
 * demo (`demoReportHtml`).
 *
 * @module @minixla/viz
 */
export { type DotOptions, type GraphNode, type ModuleGraph, CHANGE_COLOURS, moduleGraph, moduleToDot } from "./graphviz.ts";
export { type ColourGroup, type GroupStyle, GROUP_STYLES, colourGroup, implicitBroadcastOperands, isImplicitBroadcast } from "./op_style.ts";
export { type ChangeKind, type ModuleDiff, changeMap, diffModules, instructionKey, isEmptyDiff } from "./module_diff.ts";
export { type Neighbourhood, computationsHolding, neighbourhood } from "./neighbourhood.ts";
export { VizError, graphvizVersion, layoutJson, renderPinnedSvg, renderSvg, validateDot } from "./render.ts";
export { type PinnedEdge, type PinnedLayout, edgeKey, readPinnedLayout } from "./pinned_layout.ts";
export { type StableOptions, type StablePair, type StablePairOptions, renderStable, renderStablePair, unionModule } from "./stable_pair.ts";
export { type DrawnGraph, type GraphPageOptions, drawGraph, graphHtml } from "./graph_page.ts";
export { type PassReportOptions, passReportHtml, stepNumber, stepTitle } from "./pass_report.ts";
export { type DemoExample, demoReportHtml } from "./demo_report.ts";
export { literalTable } from "./literal_table.ts";
export { attributeEntries, instructionLine } from "./instruction_text.ts";
