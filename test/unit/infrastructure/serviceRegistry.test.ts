import { describe, expect, it } from "vitest";
import { serviceToken } from "../../../src/application/services";
import { ServiceRegistry } from "../../../src/infrastructure/serviceRegistry";

abstract class Greeter {
  abstract greet(name: string): string;
}

class PlainGreeter extends Greeter {
  greet(name: string): string {
    return `Hello, ${name}`;
  }
}

const PUNCTUATION = serviceToken<string>("punctuation");

describe("the service registry", () => {
  it("makes each service once, on first use, from the services it depends on", () => {
    const registry = new ServiceRegistry();
    let made = 0;
    registry.bindValue(PUNCTUATION, "!");
    registry.bind(Greeter, (services) => {
      made += 1;
      const plain = new PlainGreeter();
      const punctuation = services.get(PUNCTUATION);
      return { greet: (name: string) => plain.greet(name) + punctuation };
    });
    expect(made).toBe(0);
    expect(registry.get(Greeter).greet("Ada")).toBe("Hello, Ada!");
    expect(registry.get(Greeter)).toBe(registry.get(Greeter));
    expect(made).toBe(1);
  });

  it("lets a test rebind a port before anything has used it, and refuses once it is in use", () => {
    const registry = new ServiceRegistry();
    registry.bind(Greeter, () => new PlainGreeter());
    registry.rebindValue(Greeter, { greet: (name: string) => `Hi ${name}` });
    expect(registry.get(Greeter).greet("Ada")).toBe("Hi Ada");
    expect(() => registry.rebind(Greeter, () => new PlainGreeter())).toThrow("Greeter is in use already");
  });

  it("names the service in every wiring mistake", () => {
    const registry = new ServiceRegistry();
    expect(() => registry.get(PUNCTUATION)).toThrow("punctuation is not bound");
    expect(() => registry.rebindValue(PUNCTUATION, ".")).toThrow("punctuation is not bound, so it cannot be rebound");
    registry.bindValue(PUNCTUATION, ".");
    expect(() => registry.bindValue(PUNCTUATION, "?")).toThrow("punctuation is bound twice");
    registry.bind(Greeter, (services) => services.get(Greeter));
    expect(() => registry.get(Greeter)).toThrow("Greeter depends on itself");
  });
});
