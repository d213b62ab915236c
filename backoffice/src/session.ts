import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { SessionInfo } from "./api.js";

/** The signed-in account and, for a platform account, the operator it is looking at. */
export interface Viewer {
  session: SessionInfo;
  /** The operator whose data the pages show: the account's own, or the one a platform account picked. */
  operatorId: string;
  /** True when the account may change things (a manager); a viewer sees no change buttons. */
  canChange: boolean;
}

export const ViewerContext = createContext<Viewer | undefined>(undefined);

/** The signed-in viewer; pages render only inside a signed-in layout. */
export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer outside a signed-in page");
  return viewer;
}
