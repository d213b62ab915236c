import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm run build` writes the API reference (server/dist/api-reference-site/) and the service serves `/docs` from. */
export const API_REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "api-reference-site");
