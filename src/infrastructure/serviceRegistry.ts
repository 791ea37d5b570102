import type { ServiceKey, ServiceResolver } from "../application/services";

export type ServiceFactory<T> = (services: ServiceRegistry) => T;

function nameOf(key: ServiceKey<unknown>): string {
  return "description" in key ? key.description : key.name;
}

/**
 * The composition root's container: each key bound to the factory of its one instance, made on first use. Small on
 * purpose (the whole app has one scope and a few dozen services), so the landing page's script carries no DI library.
 */
export class ServiceRegistry implements ServiceResolver {
  private readonly factories = new Map<ServiceKey<unknown>, ServiceFactory<unknown>>();
  private readonly instances = new Map<ServiceKey<unknown>, unknown>();
  private readonly resolving = new Set<ServiceKey<unknown>>();

  bind<T>(key: ServiceKey<T>, factory: ServiceFactory<T>): void {
    if (this.factories.has(key)) throw new Error(`${nameOf(key)} is bound twice`);
    this.factories.set(key, factory);
  }

  bindValue<T>(key: ServiceKey<T>, value: T): void {
    this.bind(key, () => value);
  }

  /** Replaces a binding, e.g. a port's adapter by a fake in a test; only before anything has used it. */
  rebind<T>(key: ServiceKey<T>, factory: ServiceFactory<T>): void {
    if (!this.factories.has(key)) throw new Error(`${nameOf(key)} is not bound, so it cannot be rebound`);
    if (this.instances.has(key)) throw new Error(`${nameOf(key)} is in use already: rebind it before resolving it`);
    this.factories.set(key, factory);
  }

  rebindValue<T>(key: ServiceKey<T>, value: T): void {
    this.rebind(key, () => value);
  }

  get<T>(key: ServiceKey<T>): T {
    if (this.instances.has(key)) return this.instances.get(key) as T;
    const factory = this.factories.get(key);
    if (!factory) throw new Error(`${nameOf(key)} is not bound`);
    if (this.resolving.has(key)) throw new Error(`${nameOf(key)} depends on itself`);
    this.resolving.add(key);
    try {
      const instance = factory(this);
      this.instances.set(key, instance);
      return instance as T;
    } finally {
      this.resolving.delete(key);
    }
  }
}
