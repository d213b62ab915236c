import { checkBuiltPackage } from "../../sdk-operator/test/built-package-checks.js";

checkBuiltPackage("@croupier/sdk-provider", new URL("../", import.meta.url), { factory: "createProviderClient", call: "balance('token-1')" });
