import type { ConformanceReport } from "./report.js";

const escape = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string)
    // XML 1.0 forbids most control characters even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** JUnit XML for CI: one testsuite, one testcase per check, failures with expected, got and the rule. */
export function formatJunitReport(report: ConformanceReport): string {
  const { total, failed, skipped } = report.summary;
  const name = `croupier-conformance ${report.kind}`;
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="${escape(`${name}.${result.group}`)}" name="${escape(`${result.id} ${result.title}`)}" time="${(result.durationMs / 1000).toFixed(3)}"`;
    if (result.status === "pass") return `${open}/>`;
    if (result.status === "skip") return `${open}>\n      <skipped message="${escape(result.reason ?? "")}"/>\n    </testcase>`;
    const message = `expected ${result.expected}, got ${result.got}`;
    return `${open}>\n      <failure message="${escape(message)}">${escape(`${message}\nrule: ${result.rule}`)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(name)}" tests="${total}" failures="${failed}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${escape(name)}" tests="${total}" failures="${failed}" skipped="${skipped}" timestamp="${report.startedAt}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
