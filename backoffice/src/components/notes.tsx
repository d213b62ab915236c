import type { ComponentChildren } from "preact";

/** A failure, announced to screen readers as soon as it appears. */
export function ErrorNote({ children }: { children: ComponentChildren }) {
  return (
    <p class="note error" role="alert">
      {children}
    </p>
  );
}

/** A list with nothing in it, said in words. */
export function EmptyNote({ children }: { children: ComponentChildren }) {
  return <p class="note empty">{children}</p>;
}

/** The outcome of an action, announced politely. */
export function StatusNote({ children }: { children: ComponentChildren }) {
  return (
    <p class="note status" role="status">
      {children}
    </p>
  );
}

export function Loading() {
  return (
    <p class="note" aria-live="polite">
      Loading…
    </p>
  );
}

/** An action's outcome: a success announced politely, a failure as an alert. */
export function OutcomeNote({ outcome }: { outcome: { ok?: string; problem?: string } | undefined }) {
  if (outcome?.ok) return <StatusNote>{outcome.ok}</StatusNote>;
  if (outcome?.problem) return <ErrorNote>{outcome.problem}</ErrorNote>;
  return null;
}
