export interface AppConfig {
  demoMode: boolean;
  extensionStoreUrl: string;
  feedbackFormUrl: string;
}

export abstract class AppConfigSource {
  abstract load(): Promise<AppConfig>;
}
