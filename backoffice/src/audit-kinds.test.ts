import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { AUDIT_KINDS, STUDIO_AUDIT_KINDS } from "./audit-kinds.js";

describe("the audit page's kinds", () => {
  it("offers every kind the contract names, to an operator or a studio", () => {
    const document = parse(readFileSync(resolve(import.meta.dirname, "../../spec/openapi/service.openapi.yaml"), "utf8"));
    expect([...new Set([...AUDIT_KINDS, ...STUDIO_AUDIT_KINDS])].sort()).toEqual(
      [...(document.components.schemas.AuditKind.enum as string[])].sort(),
    );
  });
});
