import { incompleteExplanation, type ConformanceReport } from "./report.js";
import { credentialsRefused } from "./terminal.js";

const escape = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string)
    // XML 1.0 forbids most control characters even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/**
 * JUnit XML for CI: one testsuite, one testcase per check, failures with expected, got and the rule; the verdict as
 * a property (an incomplete run also says why in system-out); refused credentials as the one failed testcase.
 */
export function formatJunitReport(report: ConformanceReport): string {
  const name = `croupier-conformance ${report.kind}`;
  if (report.verdict === "credentials-refused") return refusedJunit(report, name);
  const { total, failed, skipped } = report.summary;
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
    `    <properties><property name="verdict" value="${report.verdict}"/></properties>`,
    ...cases,
    ...(report.verdict === "incomplete" ? [`    <system-out>${escape(`incomplete: ${incompleteExplanation(report).join("\n")}`)}</system-out>`] : []),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

function refusedJunit(report: ConformanceReport, name: string): string {
  const message = `your credentials were refused: ${report.credentials.call} was answered ${report.credentials.got}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(name)}" tests="1" failures="1" skipped="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${escape(name)}" tests="1" failures="1" skipped="0" timestamp="${report.startedAt}">`,
    `    <properties><property name="verdict" value="${report.verdict}"/></properties>`,
    `    <testcase classname="${escape(`${name}.Credentials`)}" name="the tenant id and secret are accepted" time="0.000">`,
    `      <failure message="${escape(message)}">${escape(credentialsRefused(report).join("\n"))}</failure>`,
    "    </testcase>",
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
