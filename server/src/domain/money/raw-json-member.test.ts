import { describe, expect, it } from "vitest";
import { rawJsonMember, replaceJsonMember } from "./raw-json-member.js";

describe("rawJsonMember", () => {
  it("returns the exact source text of a member, whatever its type", () => {
    const text = ' { "a" : 1 , "metadata" : {"big": 12345678901234567890, "f": 1.50, "s": "\\u00e9\\"}", "n": [1, {"x": "]"}]} , "z": null } ';
    expect(JSON.parse(text)).toBeTruthy();
    expect(rawJsonMember(text, "metadata")).toBe('{"big": 12345678901234567890, "f": 1.50, "s": "\\u00e9\\"}", "n": [1, {"x": "]"}]}');
    expect(rawJsonMember(text, "a")).toBe("1");
    expect(rawJsonMember(text, "z")).toBe("null");
    expect(rawJsonMember(text, "missing")).toBeUndefined();
  });
  it("takes the last of duplicate keys, as JSON.parse does, and decodes escaped key names", () => {
    expect(rawJsonMember('{"metadata":{"a":1},"met\\u0061data":{"b":2}}', "metadata")).toBe('{"b":2}');
  });
  it("is undefined for a body that is not an object", () => {
    expect(rawJsonMember("[1,2]", "metadata")).toBeUndefined();
    expect(rawJsonMember('"x"', "metadata")).toBeUndefined();
  });
});

describe("replaceJsonMember", () => {
  it("replaces every top-level occurrence and keeps every other byte, nested members of the same name included", () => {
    const text = '{"a":"x","sessionToken" : "t-1","metadata":{"sessionToken":"inner"},"sessionT\\u006fken":"t-2"}';
    expect(JSON.parse(text)).toBeTruthy();
    expect(replaceJsonMember(text, "sessionToken", '"[redacted]"')).toBe(
      '{"a":"x","sessionToken" : "[redacted]","metadata":{"sessionToken":"inner"},"sessionT\\u006fken":"[redacted]"}',
    );
    expect(replaceJsonMember('{"a":1}', "sessionToken", "null")).toBe('{"a":1}');
    expect(replaceJsonMember("[1]", "a", "null")).toBe("[1]");
  });
});
