import { checkBuiltPackage } from "./built-package-checks.js";

checkBuiltPackage("@croupier/sdk-operator", new URL("../", import.meta.url), { factory: "createOperatorClient", call: "getGrant('g-1')" });
