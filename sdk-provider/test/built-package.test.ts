import { checkBuiltPackage } from "../../sdk-operator/test/built-package-checks.js";

checkBuiltPackage("@croupier/sdk-provider", new URL("../", import.meta.url));
