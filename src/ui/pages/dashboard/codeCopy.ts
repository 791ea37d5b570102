import { createContext, useContext } from "react";
import type { CopyFeedback } from "../../../application/machines/codeCopyRegion";

/** How a Copy button copies a code and learns how the copy went, without every view between passing it down. */
export interface CodeCopy {
  feedback: CopyFeedback | null;
  copy: (dealId: string, code: string) => void;
}

export const CodeCopyContext = createContext<CodeCopy | null>(null);

export function useCodeCopy(): CodeCopy {
  const codeCopy = useContext(CodeCopyContext);
  if (!codeCopy) throw new Error("useCodeCopy needs a CodeCopyContext above it (DashboardView and BrandPageView provide one)");
  return codeCopy;
}
