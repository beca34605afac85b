// The scorepad's JavaScript (service/scorepad, its vendored library left out): ESLint's
// recommended rules for browser modules, and a few that keep the page's own style.
// `make lint` runs it from the repository's root: npx eslint -c tools/scorepad-lint/eslint.config.mjs
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/vendor/**"] },
  {
    files: ["service/scorepad/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    files: ["service/scorepad/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
];
