import { seededRandom } from "./seeded-random.js";

/** What the wallet does wrong on purpose, so integrators (and our tests) can see the platform cope. */
export interface FaultSettings {
  /** Delay added before every wallet call is handled, in milliseconds. */
  latencyMs: number;
  /** Share (0..1) of wallet calls answered 500 without applying anything. */
  failureRate: number;
  /** Share (0..1) of wallet calls never answered: the connection is held open until the client gives up. */
  timeoutRate: number;
  /** Share (0..1) of transaction calls applied and cached, whose reply is then lost (socket destroyed). */
  dropAfterApplyRate: number;
  /** Share (0..1) of BETs declined regardless of the balance (a decline is cached like any answer). */
  declineRate: number;
}

/** No faults at all: the default. */
export const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  failureRate: 0,
  timeoutRate: 0,
  dropAfterApplyRate: 0,
  declineRate: 0,
});

const RATE_KEYS = ["failureRate", "timeoutRate", "dropAfterApplyRate", "declineRate"] as const;

/** Thrown when a fault setting is out of range; its message names the key. */
export class FaultSettingsError extends Error {
  override readonly name = "FaultSettingsError";
}

/**
 * Checks a partial update of the fault settings (from a flag or `POST /control/faults`) and returns the
 * validated subset. Unknown keys are refused, so a typo does not silently leave a fault off.
 */
export function parseFaultUpdate(input: unknown): Partial<FaultSettings> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new FaultSettingsError("fault settings must be a JSON object");
  }
  const update: Partial<FaultSettings> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "latencyMs") {
      if (!Number.isSafeInteger(value) || (value as number) < 0) throw new FaultSettingsError("latencyMs must be an integer >= 0");
      update.latencyMs = value as number;
    } else if ((RATE_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== "number" || !(value >= 0 && value <= 1)) throw new FaultSettingsError(`${key} must be a number from 0 to 1`);
      update[key as (typeof RATE_KEYS)[number]] = value;
    } else {
      throw new FaultSettingsError(`unknown fault setting: ${key}`);
    }
  }
  return update;
}

/** The live fault settings plus the seeded draws that decide, call by call, whether a fault fires. */
export class FaultInjector {
  private current: FaultSettings;
  private readonly random: () => number;

  constructor(settings: Partial<FaultSettings> = {}, seed: number = Date.now()) {
    this.current = { ...NO_FAULTS, ...parseFaultUpdate(settings) };
    this.random = seededRandom(seed);
  }

  /** A copy of the settings in force. */
  get settings(): FaultSettings {
    return { ...this.current };
  }

  /** Merges a partial update (validated) and returns the new settings. */
  update(input: unknown): FaultSettings {
    this.current = { ...this.current, ...parseFaultUpdate(input) };
    return this.settings;
  }

  /**
   * Whether the fault with this rate fires now. Rates of 0 and 1 draw nothing, so turning one fault on
   * or off does not shift the sequence the others see.
   */
  fires(fault: (typeof RATE_KEYS)[number]): boolean {
    const rate = this.current[fault];
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    return this.random() < rate;
  }
}
