import { describe, expect, it } from "vitest";
import { Container, ContainerModule } from "inversify";
import { serviceToken } from "../../../src/application/services";
import { childContainer, type AppContainer } from "../../../src/infrastructure/container";
import { bindFactory } from "../../../src/infrastructure/registration/binding";

abstract class Greeter {
  abstract greet(name: string): string;
}

class PlainGreeter extends Greeter {
  greet(name: string): string {
    return `Hello, ${name}`;
  }
}

const PUNCTUATION = serviceToken<string>("punctuation");

const newContainer = () => new Container({ defaultScope: "Singleton" }) as AppContainer;

describe("the composition root's container", () => {
  it("makes each service once, on first use, from the services it depends on", () => {
    const container = newContainer();
    let made = 0;
    container.load(
      new ContainerModule(({ bind }) => {
        bindFactory(bind, PUNCTUATION, () => "!");
        bindFactory(bind, Greeter, (services) => {
          made += 1;
          const plain = new PlainGreeter();
          const punctuation = services.get(PUNCTUATION);
          return { greet: (name: string) => plain.greet(name) + punctuation };
        });
      }),
    );
    expect(made).toBe(0);
    expect(container.get(Greeter).greet("Ada")).toBe("Hello, Ada!");
    expect(container.get(Greeter)).toBe(container.get(Greeter));
    expect(made).toBe(1);
  });

  it("lets a test rebind a port in a child container, leaving the parent's binding as it was", () => {
    const container = newContainer();
    container.bind(Greeter).to(PlainGreeter);
    const child = childContainer(container);
    child.bind(Greeter).toConstantValue({ greet: (name: string) => `Hi ${name}` });
    expect(child.get(Greeter).greet("Ada")).toBe("Hi Ada");
    expect(container.get(Greeter).greet("Ada")).toBe("Hello, Ada");
  });

  it("makes what a child asks for from the child's bindings, the ports it depends on included", () => {
    const container = newContainer();
    container.load(
      new ContainerModule(({ bind }) => {
        bindFactory(bind, PUNCTUATION, () => "!");
        bindFactory(bind, Greeter, (services) => ({ greet: (name: string) => `Hello, ${name}${services.get(PUNCTUATION)}` }));
      }),
    );
    const child = childContainer(container);
    child.bind(PUNCTUATION).toConstantValue("?");
    expect(child.get(Greeter).greet("Ada")).toBe("Hello, Ada?");
  });

  it("says what is wrong in a wiring mistake: which service has no binding, or that one needs itself", () => {
    const container = newContainer();
    expect(() => container.get(PUNCTUATION)).toThrow("punctuation");
    container.load(new ContainerModule(({ bind }) => bindFactory(bind, Greeter, (services) => services.get(Greeter))));
    expect(() => container.get(Greeter)).toThrow("Circular dependency");
  });
});
