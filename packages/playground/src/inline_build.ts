/**
 * A build step that makes the site one index.html: the entry script and the
 * style sheet inlined. Browsers refuse module scripts from file:// (their
 * origin is null), so inlining is what lets the page open from disk; the
 * script's SHA-256 goes into the page's Content-Security-Policy, which then
 * runs that script and no other.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The Vite plugin (build only). */
export function inlineIntoHtml(): Plugin {
  return {
    name: "minixla-inline-into-html",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f) => f.type === "asset" && f.fileName.endsWith(".html"));
      if (html === undefined || html.type !== "asset") return;
      let text = String(html.source);
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type === "chunk" && file.isEntry) {
          // "</script" cannot appear inside an inline script; "<\/script" means the same in strings and regexes.
          const code = file.code.replace(/<\/script/gi, "<\\/script");
          const tag = new RegExp(`<script type="module" crossorigin src="[^"]*${fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"></script>`);
          if (!tag.test(text)) continue;
          const hash = createHash("sha256").update(code).digest("base64");
          text = text.replace(tag, () => "").replace("</body>", () => `<script type="module">${code}</script>\n</body>`);
          text = text.replace("script-src 'self'", () => `script-src 'sha256-${hash}'`);
          delete bundle[fileName];
        } else if (file.type === "asset" && fileName.endsWith(".css")) {
          const tag = new RegExp(`<link rel="stylesheet" crossorigin href="[^"]*${fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}">`);
          if (!tag.test(text)) continue;
          text = text.replace(tag, () => `<style>${String(file.source)}</style>`);
          delete bundle[fileName];
        }
      }
      html.source = text;
    },
  };
}
