import { HTTP_URL_RULE, IDENTIFIER_RULE, NOTE_RULE } from "@croupier/contract";

/*
 * The service's validation messages are written for programs and their authors (`query.from must match format
 * "date-time"`, `body.spins must be >= 1`); a person using the back office reads them here as sentences about the
 * field they typed into. A message this does not recognise is shown as the service wrote it.
 */

/** The back office's names for the fields its forms and filters send. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  from: "From",
  to: "To",
  playerRef: "Player",
  gameId: "Game",
  providerId: "Provider",
  transactionId: "Transaction",
  roundId: "Round",
  campaignId: "Campaign",
  currency: "Currency",
  spins: "Spins",
  betAmountMinor: "Stake per spin",
  callbackUrl: "Callback URL",
  note: "Note",
  limit: "Page size",
  cursor: "Page position",
  username: "Username",
  password: "Password",
  state: "State",
  type: "Type",
  kind: "Kind",
  status: "Status",
  id: "Id",
  operatorId: "Operator",
  sessionRef: "Session",
  event: "Event",
  outcome: "Outcome",
  webhookUrl: "Webhook URL",
  role: "Role",
};

const FORMATS: Readonly<Record<string, string>> = {
  "date-time": "a date and time",
  date: "a date",
  uri: "a web address",
  uuid: "an id such as 3b8f5c2e-7d41-4a9e-9c1f-2a6b0d4e8f17",
};

/** What a validator's rule says, for a person; undefined when the rule is not one of these. */
function ruleInWords(rule: string): string | undefined {
  // The contract's patterns in words are written for programs too (code points, unpaired surrogates).
  if (rule === IDENTIFIER_RULE || rule === NOTE_RULE) return "has characters that are not allowed here";
  if (rule === HTTP_URL_RULE) return "must be a web address starting with http:// or https://, without spaces";
  let m: RegExpExecArray | null;
  if ((m = /^must match format "([^"]+)"$/.exec(rule))) return `must be ${FORMATS[m[1]!] ?? `in the ${m[1]} format`}`;
  if ((m = /^must NOT have fewer than (\d+) characters?$/.exec(rule)))
    return m[1] === "1" ? "must not be empty" : `must be at least ${m[1]} characters long`;
  if ((m = /^must NOT have more than (\d+) characters?$/.exec(rule))) return `must be at most ${m[1]} characters long`;
  if ((m = /^must be >= (-?\d+)$/.exec(rule))) return `must be at least ${m[1]}`;
  if ((m = /^must be <= (-?\d+)$/.exec(rule))) return `must be at most ${m[1]}`;
  if ((m = /^must be equal to one of the allowed values: (.+)$/.exec(rule))) return `must be one of ${m[1]}`;
  if (rule === "must be integer") return "must be a whole number";
  if (rule === "must be number") return "must be a number";
  if (/^must match pattern /.test(rule)) return "has characters that are not allowed here";
  return undefined;
}

/** One finding (`query.from must match format "date-time"`) as a sentence, or undefined when it is not one. */
function findingInWords(finding: string): string | undefined {
  const required = /^(?:\w+\.)?(?:\S+ )?must have required property '([^']+)'$/.exec(finding);
  if (required) return `${FIELD_NAMES[required[1]!] ?? required[1]} is required`;
  // The validator names the field with its place (`body.spins`); the service's own checks name it alone (`webhookUrl`).
  const m = /^(?:body|query|path|params|headers?)\.([\w.[\]]+) (must .+)$/i.exec(finding) ?? /^(callbackUrl|webhookUrl) (must .+)$/.exec(finding);
  if (!m) return undefined;
  const name = m[1]!.split(".").at(-1)!;
  const words = ruleInWords(m[2]!);
  if (words === undefined) return `${FIELD_NAMES[name] ?? name} ${m[2]}`;
  return `${FIELD_NAMES[name] ?? name} ${words}`;
}

/**
 * A validation message (findings joined by `; `) in words for a person: `From must be a date and time.` Undefined when
 * no finding is recognised, so the caller shows the message as it came.
 */
export function validationInWords(message: string): string | undefined {
  const findings = message.split("; ").map(findingInWords);
  if (findings.some((f) => f === undefined)) return undefined;
  return `${findings.join(". ")}.`;
}
