import { describe, expect, it } from 'vitest';
import { ServiceRegistry, type Services } from './module.js';

/** Names no module provides, so that the registry can be tried on its own. */
type Probe = Services & { greeter: { hello(name: string): string }; missing: { any(): void } };

describe('the service registry', () => {
  it('hands out a service provided later as a stand-in that forwards to it once provided', () => {
    const registry = new ServiceRegistry();
    const early = (registry.services as Probe).greeter;
    expect(() => early.hello('王')).toThrow(/greeter/);
    registry.provide({ greeter: { hello: (name: string) => `你好，${name}` } } as Partial<Services>);
    expect(early.hello('王')).toBe('你好，王');
    expect((registry.services as Probe).greeter.hello('李')).toBe('你好，李');
    registry.check();
  });

  it('fails the start when a service asked for is provided by no module', () => {
    const registry = new ServiceRegistry();
    void (registry.services as Probe).missing;
    expect(() => registry.check()).toThrow('no module provides the services missing');
  });

  it('refuses a second module providing the same service', () => {
    const registry = new ServiceRegistry();
    registry.provide({ greeter: { hello: () => '' } } as Partial<Services>);
    expect(() => registry.provide({ greeter: { hello: () => '' } } as Partial<Services>)).toThrow('two modules provide the service "greeter"');
  });
});
