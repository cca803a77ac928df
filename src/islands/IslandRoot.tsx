import { Component, type ReactNode } from "react";

interface State {
  failed: boolean;
}

/**
 * Wraps every island, on the server and in the browser alike so both trees match. If the island
 * throws while rendering in the browser, it shows the router's default error text in its place and
 * the rest of the page keeps working.
 */
export class IslandRoot extends Component<
  { name: string; children: ReactNode; onMount?: (() => void) | undefined },
  State
> {
  override state: State = { failed: false };

  override componentDidMount() {
    this.props.onMount?.();
  }

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.name} island failed:`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="island-error" role="alert">
          <h2>Unexpected Application Error!</h2>
        </div>
      );
    }
    return this.props.children;
  }
}
