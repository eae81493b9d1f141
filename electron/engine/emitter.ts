/** A minimal typed event source (VS Code style): `onDid*` properties subscribe, `fire` notifies. */

/** Undoes a subscription. */
export interface Disposable {
  dispose(): void;
}

/** A subscribe function as exposed on the engine: returns a Disposable. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/** One event channel; a throwing listener is reported and does not stop the others. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Subscribes a listener. */
  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  /** Number of subscribed listeners (tests check that nothing leaks). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
