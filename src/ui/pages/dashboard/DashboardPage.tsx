import { useMemo } from "react";
import { DashboardSource } from "../../../application/ports/deals";
import { Clipboard, Clock } from "../../../application/ports/platform";
import { Notifier } from "../../../application/ports/notifications";
import { dashboardGreeting } from "../../../domain/greeting";
import { useService } from "../../di";
import { useAppConfig, useCurrentUser, useLiveQuery } from "../../hooks";
import { DashboardView, type DashboardState } from "./DashboardView";

/** /dashboard: subscribes to the cached dashboard query and hands plain data to the view. */
export default function DashboardPage() {
  const source = useService(DashboardSource);
  const clipboard = useService(Clipboard);
  const clock = useService(Clock);
  const notifier = useService(Notifier);
  const user = useCurrentUser();
  const config = useAppConfig();
  const query = useMemo(() => source.watch({}), [source]);
  const result = useLiveQuery(query);

  const state: DashboardState =
    result.data !== undefined
      ? { kind: "ready", dashboard: result.data }
      : result.status === "error"
        ? { kind: "error" }
        : { kind: "loading" };
  const greeting = dashboardGreeting(result.data?.newDealsToday ?? 0, user ?? { first_name: null, email: "" });

  return (
    <DashboardView
      state={state}
      greeting={greeting}
      isRefreshing={result.isFetching && result.data !== undefined}
      today={clock.now()}
      feedbackFormUrl={config?.feedbackFormUrl ?? null}
      onRefresh={() => void query.refetch()}
      onCopy={(code) =>
        clipboard.copy(code).catch(() =>
          notifier.notify({ title: "Copy failed", description: `Select the code ${code} and copy it by hand.`, variant: "destructive" }),
        )
      }
    />
  );
}
