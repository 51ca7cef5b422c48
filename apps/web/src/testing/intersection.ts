import { act } from '@testing-library/react';

/**
 * A stand-in for IntersectionObserver that a test drives: `scrollInto(element)` tells the observers of that
 * element it is now in view, as the browser does when it is scrolled to.
 */
export class TestIntersectionObserver {
  static observers: TestIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    TestIntersectionObserver.observers.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }

  static scrollInto(element: Element) {
    act(() => {
      for (const observer of TestIntersectionObserver.observers) {
        if (!observer.targets.has(element)) continue;
        observer.callback(
          [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
      }
    });
  }

  static reset() {
    TestIntersectionObserver.observers = [];
  }
}
