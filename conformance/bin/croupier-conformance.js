#!/usr/bin/env node
// The kit's command. A committed file rather than dist/cli.js itself: npm links a package's bins before `prepare` builds
// dist/, and skips a bin whose file is missing, so in a fresh clone `npx croupier-conformance` would reach the registry.
import "../dist/cli.js";
