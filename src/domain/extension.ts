/** Where the app serves the built browser extension as a zip, outside the API (a browser downloads it as a file). */
export const EXTENSION_DOWNLOAD_PATH = "/extension/deal-finder-extension.zip";
