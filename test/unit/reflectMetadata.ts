// As the app's entries do, before any adapter module: inversify keeps what its decorators declare in this store.
import "reflect-metadata/lite";
