// Lint for every package: ESLint's and typescript-eslint's recommended rules, plus the type-aware rules that catch a
// promise nobody awaits or an async function passed where a plain callback is expected (money paths are asynchronous).
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/generated/**", "**/*.js", "**/*.mjs", "**/*.cjs", "**/tsup*.config.ts", ".bench/**", "data/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { project: ["./tsconfig.json", "./backoffice/tsconfig.json"], tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // Express recognises an error handler by its four parameters; a rest sibling drops keys on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Ids, refs and reports refuse or strip control characters on purpose: the regular expressions name them.
      "no-control-regex": "off",
    },
  },
  {
    // No import cycles: a module's dependencies point one way (docs/architecture.md). Imports name the built .js files;
    // import-x does not follow type-only imports.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"], extensionAlias: { ".js": [".ts", ".tsx", ".js"] } })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Ports and adapters (docs/architecture.md): the adapters depend on the interfaces the domain owns, never on its rules.
    files: ["server/src/store/**/*.ts", "server/src/outbound/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)domain/(?!ports/)", message: "store/ and outbound/ import only domain/ports/* from the domain." }] },
      ],
    },
  },
  {
    // The other direction: the domain imports no adapter and no composition root, nor the framework or drivers they wrap.
    files: ["server/src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(store|outbound|http|config)/|(^|/)(compose|server|main)\\.js$",
              message: "domain/ imports no adapter (store/, outbound/, http/), no configuration file type (config/) and no composition root: it owns its interfaces in domain/ports/.",
            },
            { regex: "^(express|pg|better-sqlite3|undici)(/|$)", message: "domain/ uses no HTTP framework or database driver: the adapters do." },
          ],
        },
      ],
    },
  },
  {
    // Tests read whatever JSON a server answers, right or wrong, before asserting its shape; their scripted peers'
    // async request handlers may reject, which vitest reports as an unhandled error and so fails the test anyway.
    files: ["**/test/**/*.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
    },
  },
);
