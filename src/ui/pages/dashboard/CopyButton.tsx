import { button } from "../../components/primitives.css";
import { useCodeCopy } from "./codeCopy";
import { useControlTabIndex } from "./gridCell";

/** Copies one code; says 'Copied!' only once the page's machine (its copy region) reports the clipboard took it. */
export function CopyButton({ dealId, code }: { dealId: string; code: string }) {
  const { feedback, copy } = useCodeCopy();
  const tabIndex = useControlTabIndex();
  const status = feedback?.dealId === dealId && feedback.code === code ? feedback.status : null;
  const { label, text } =
    status === "copied"
      ? { label: `Copied ${code}`, text: "Copied!" }
      : status === "failed"
        ? { label: `Copy failed: copy code ${code} again`, text: "Copy failed" }
        : { label: `Copy code ${code}`, text: "Copy" };
  return (
    <button type="button" className={button.small} aria-label={label} tabIndex={tabIndex} onClick={() => copy(dealId, code)}>
      {text}
    </button>
  );
}
