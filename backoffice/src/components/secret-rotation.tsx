import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { Schemas } from "../api.js";
import { formatTime } from "../format.js";
import { ErrorNote } from "./notes.js";

/**
 * An API secret's rotation, for an operator or a studio: asked first (a rotation cannot be taken back), the new secret
 * shown once, and when the previous one stops working. `rotate` calls the owner's own route.
 */
export function SecretRotation({
  ownerId,
  hint,
  switchTo,
  afterRotation = "",
  rotate,
  canChange,
  onRotated,
}: {
  ownerId: string;
  hint: ComponentChildren;
  /** Who must switch to the new secret, as the confirmation and the result name it: "your integration". */
  switchTo: string;
  /** What else changes at the rotation, said in the confirmation. */
  afterRotation?: string;
  rotate: () => Promise<{ data?: Schemas["RotatedSecret"]; problem?: string }>;
  canChange: boolean;
  onRotated?: () => void;
}) {
  const [result, setResult] = useState<{ data?: Schemas["RotatedSecret"]; problem?: string }>();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(false);
    const rotated = await rotate();
    setResult(rotated);
    if (rotated.data) onRotated?.();
  };
  return (
    <section class="card" aria-labelledby="secret-title">
      <h2 id="secret-title">API secret of {ownerId}</h2>
      <p class="hint">{hint}</p>
      {canChange && !confirming && !result?.data && (
        <button type="button" onClick={() => setConfirming(true)}>
          Rotate the secret…
        </button>
      )}
      {confirming && (
        <p>
          {switchTo[0]?.toUpperCase()}
          {switchTo.slice(1)} must switch to the new secret before the grace period ends. {afterRotation}{" "}
          <button type="button" onClick={() => void confirm()}>
            Rotate now
          </button>{" "}
          <button type="button" class="secondary" onClick={() => setConfirming(false)}>
            Keep the current secret
          </button>
        </p>
      )}
      {result?.problem && <ErrorNote>{result.problem}</ErrorNote>}
      {result?.data && (
        <div role="status" class="note status">
          <p>The new secret, shown only now. Copy it into {switchTo}:</p>
          <pre role="region" tabIndex={0} aria-label="New secret">
            {result.data.secret}
          </pre>
          <p>The previous secret keeps working until {formatTime(result.data.previousSecretValidUntil)}.</p>
        </div>
      )}
    </section>
  );
}
