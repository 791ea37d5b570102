import type { ContainerModuleLoadOptions, Newable, ResolutionContext, ServiceIdentifier } from "inversify";
import type { ServiceKey, ServiceResolver } from "../../application/services";

/** What a factory resolves other services from: the container, typed by our keys, with inversify's options. */
export type Services = ServiceResolver & ResolutionContext;

/**
 * Binds a key to what `make` builds from other services, checked against the type the key carries (inversify's own
 * `bind` cannot read it from a symbol). Made once, when first asked for: the container's scope is singleton.
 */
export function bindFactory<T>(
  bind: ContainerModuleLoadOptions["bind"],
  key: ServiceKey<T>,
  make: (services: Services) => T,
): void {
  // Our keys are inversify's identifiers: symbols, and classes whose constructors take anything.
  bind<T>(key as ServiceIdentifier<T>).toDynamicValue((context) => make(context as Services));
}

/**
 * Binds a port to an adapter whose code loads when the port is first asked for, so that the landing page's script
 * does not carry it (nor the codecs it decodes with). Asked for with `getAsync`; the container makes the adapter
 * from its class's `@inject`s.
 */
export function bindLoaded<T>(bind: ContainerModuleLoadOptions["bind"], port: ServiceKey<T>, load: () => Promise<Newable<T>>): void {
  bind<T>(port as ServiceIdentifier<T>).toDynamicValue(async (context) => context.get(await load(), { autobind: true }));
}
