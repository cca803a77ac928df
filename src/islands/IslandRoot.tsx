import { Component, type ReactNode } from "react";
import { formatMessage } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";

interface State {
  failed: boolean;
}

/** What every island is sent besides its own props: the site's language and the words it shows. */
export interface IslandWords {
  lang: string;
  strings: StringsOf<"island.failed">;
}

/**
 * Wraps every island, on the server and in the browser alike so both trees match. If the island
 * throws while rendering in the browser, it shows the router's default error text (in the site's
 * language) in its place and the rest of the page keeps working.
 */
export class IslandRoot extends Component<
  { name: string; words: IslandWords; children: ReactNode; onMount?: (() => void) | undefined },
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
          <h2>{formatMessage(this.props.words.strings["island.failed"], this.props.words.lang)}</h2>
        </div>
      );
    }
    return this.props.children;
  }
}
