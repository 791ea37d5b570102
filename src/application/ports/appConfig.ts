export interface AppConfig {
  demoMode: boolean;
  /** Null when none is configured. */
  feedbackFormUrl: string | null;
  /** In demo mode, the local outbox that shows the emails the demo sends; null otherwise. */
  outboxUrl: string | null;
}

export abstract class AppConfigSource {
  abstract load(): Promise<AppConfig>;
}
