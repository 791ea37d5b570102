import { useSyncExternalStore } from "react";
import { ToastCenter } from "../../application/toastCenter";
import { useService } from "../di";
import { Toaster } from "./Toaster";

export function ToasterContainer() {
  const center = useService(ToastCenter);
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot, center.getSnapshot);
  return (
    <Toaster
      toasts={toasts}
      onDismiss={(id) => center.dismiss(id)}
      onAction={(id) => center.act(id)}
      onHold={(id) => center.hold(id)}
      onRelease={(id) => center.release(id)}
    />
  );
}
