export interface AppConfig {
  demoMode: boolean;
  /** Null when none is configured. */
  feedbackFormUrl: string | null;
}

export abstract class AppConfigSource {
  abstract load(): Promise<AppConfig>;
}
