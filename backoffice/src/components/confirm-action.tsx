import { useEffect, useRef, useState } from "preact/hooks";

/**
 * A button for an action that cannot be taken back (a kick, a grant's cancel): the first click asks, naming who it is
 * for and what will happen, and only "Yes, …" acts. The question takes the focus, so a screen reader reads it.
 */
export function ConfirmAction({ label, question, confirm, onConfirm }: { label: string; question: string; confirm: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const asked = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) asked.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div class="confirm" role="group" aria-label={label}>
      <p ref={asked} tabIndex={-1}>
        {question}
      </p>
      <button
        type="button"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>{" "}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </div>
  );
}
