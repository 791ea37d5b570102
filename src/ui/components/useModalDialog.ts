import { useEffect, useRef } from "react";

/**
 * Shows a <dialog> as a native modal while it is mounted, so focus stays inside it and Escape reaches it; on leaving,
 * focus goes back to where it was (the button that opened it).
 */
export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom, where the stories are tested, has no showModal: the dialog is then simply open.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return dialogRef;
}
