/**
 * The few WebExtension APIs the extension uses, typed here rather than through a dependency. Chromium and Firefox
 * (MV3) both offer them under `chrome`.
 */
declare namespace chrome {
  namespace runtime {
    interface MessageSender {
      tab?: { id?: number; url?: string };
      url?: string;
      origin?: string;
      id?: string;
    }
    const id: string;
    function getManifest(): { version: string };
    function getURL(path: string): string;
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    const onMessage: {
      addListener(listener: (message: unknown, sender: MessageSender, sendResponse: (answer: unknown) => void) => boolean | void): void;
    };
    const onInstalled: { addListener(listener: () => void): void };
    const onStartup: { addListener(listener: () => void): void };
  }
  namespace storage {
    interface StorageArea {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    const local: StorageArea;
    const onChanged: { addListener(listener: (changes: Record<string, unknown>, area: string) => void): void };
  }
  namespace action {
    function setBadgeText(details: { tabId?: number; text: string }): Promise<void>;
    function setBadgeBackgroundColor(details: { tabId?: number; color: string }): Promise<void>;
    function setTitle(details: { tabId?: number; title: string }): Promise<void>;
  }
  namespace alarms {
    function create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): Promise<void>;
    const onAlarm: { addListener(listener: (alarm: { name: string }) => void): void };
  }
  namespace notifications {
    function create(id: string, options: { type: "basic"; iconUrl: string; title: string; message: string }): Promise<string>;
  }
  namespace permissions {
    function contains(permissions: { permissions: string[] }): Promise<boolean>;
    function request(permissions: { permissions: string[] }): Promise<boolean>;
    function remove(permissions: { permissions: string[] }): Promise<boolean>;
  }
  namespace tabs {
    function query(filter: { active: boolean; currentWindow: boolean }): Promise<{ id?: number; url?: string }[]>;
    function sendMessage(tabId: number, message: unknown): Promise<unknown>;
  }
  namespace commands {
    function getAll(): Promise<{ name?: string; shortcut?: string }[]>;
    const onCommand: { addListener(listener: (command: string, tab?: { id?: number }) => void): void };
  }
}
